import { Alert, Button, Group, Modal, NumberInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { formatPrice, type ProductDetail } from "@lootlane/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import type { CurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { formatCount } from "@/shared/format/number";
import { useBuyProduct } from "../../api/buy-product";
import { buyQuantityMax, buyQuantityOf } from "../../lib/buy-quantity";
import { PurchaseSummary } from "./purchase-summary";
import { TopUpShortfall } from "./top-up-shortfall";

interface BuyButtonProps {
  product: ProductDetail;
  buyer: CurrentUser;
}

/**
 * Buy, asked twice (SPEC §2): the dialog shows price and balance, pays, and takes the buyer to the deal's chat
 * (SPEC §2 redirects). With more than one unit in stock the buyer chooses how many (up to what is left), and pays
 * price × quantity. A refusal is shown in the dialog, which stays open; after PRICE_CHANGED or OUT_OF_STOCK it
 * shows the new price or stock, and only a new click pays. When the balance is short it offers a top-up of what
 * is missing for the whole purchase.
 */
export function BuyButton({ product, buyer }: BuyButtonProps) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  const [opened, dialog] = useDisclosure(false);
  // One key per opening: a second click after a lost answer replays the first payment instead of paying again.
  const [attemptKey, setAttemptKey] = useState("");
  const buy = useBuyProduct();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const max = buyQuantityMax(product.in_stock);
  // Back from a top-up started here, the quantity it was for is in the address.
  const [wanted, setWanted] = useState<number | string>(() => buyQuantityOf(params.get("quantity"), max));
  // Stock may shrink while the dialog is open (a refusal refetches it): never ask for more than is left.
  const quantity = buyQuantityOf(wanted, max);
  const total = product.price * quantity;
  // The server checks again when paying; this only spares a request that cannot succeed.
  const short = buyer.balance < total;
  const payable = !buyer.has_frozen_balance && !short;

  function open() {
    setAttemptKey(crypto.randomUUID());
    dialog.open();
  }

  function close() {
    if (buy.isPending) return;
    dialog.close();
    buy.reset();
  }

  function confirm() {
    buy.mutate(
      { productId: product.id, price: product.price, quantity, idempotencyKey: attemptKey },
      {
        onSuccess: ({ chat_id }) => void navigate(`/chats?chat=${encodeURIComponent(chat_id)}`),
        // A refusal moved no money, so trying again (say, after a top-up) is a new request, not a replay of it.
        onError: (error) => {
          const { status } = toApiError(error);
          if (status >= 400 && status < 500) setAttemptKey(crypto.randomUUID());
        },
      },
    );
  }

  return (
    <>
      <Button size="md" onClick={open}>
        {t("buy.action")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("buy.title")} centered>
        <PurchaseSummary
          title={product.title}
          unitPrice={product.price}
          quantity={quantity}
          balance={buyer.balance}
          frozen={buyer.has_frozen_balance}
          quantityField={
            max > 1 && (
              <NumberInput
                label={t("buy.quantity")}
                description={t("buy.quantityHint", { max: formatCount(max) })}
                value={wanted}
                onChange={setWanted}
                onBlur={() => setWanted(quantity)}
                min={1}
                max={max}
                step={1}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                disabled={buy.isPending}
                maw={{ base: "100%", xs: 200 }}
              />
            )
          }
        />
        {short && !buyer.has_frozen_balance && (
          <TopUpShortfall productId={product.id} price={total} quantity={quantity} balance={buyer.balance} />
        )}
        {buy.isError && (
          <Alert color="red" mt="md" role="alert">
            {describeError(buy.error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={buy.isPending}>
            {tc("cancel")}
          </Button>
          <Button onClick={confirm} loading={buy.isPending} disabled={!payable}>
            {t("buy.confirm", { price: formatPrice(total) })}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

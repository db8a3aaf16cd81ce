import { Alert, Button, Group, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { formatPrice, type ProductDetail } from "@lootlane/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import type { CurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { useBuyProduct } from "../../api/buy-product";
import { PurchaseSummary } from "./purchase-summary";
import { TopUpShortfall } from "./top-up-shortfall";

interface BuyButtonProps {
  product: ProductDetail;
  buyer: CurrentUser;
}

/**
 * Buy, asked twice (SPEC §2): the dialog shows price and balance, pays, and takes the buyer to the deal's chat
 * (SPEC §2 redirects). A refusal is shown in the dialog, which stays open; after PRICE_CHANGED it shows the new
 * price, and only a new click pays it. When the balance is short it offers a top-up of what is missing.
 */
export function BuyButton({ product, buyer }: BuyButtonProps) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  const [opened, dialog] = useDisclosure(false);
  // One key per opening: a second click after a lost answer replays the first payment instead of paying again.
  const [attemptKey, setAttemptKey] = useState("");
  const buy = useBuyProduct();
  const navigate = useNavigate();
  const price = formatPrice(product.price);
  // The server checks again when paying; this only spares a request that cannot succeed.
  const short = buyer.balance < product.price;
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
      { productId: product.id, price: product.price, idempotencyKey: attemptKey },
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
          price={product.price}
          balance={buyer.balance}
          frozen={buyer.has_frozen_balance}
        />
        {short && !buyer.has_frozen_balance && (
          <TopUpShortfall productId={product.id} price={product.price} balance={buyer.balance} />
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
            {t("buy.confirm", { price })}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

import { Alert, Button, Stack } from "@mantine/core";
import { formatPrice, kopecksToRoubles, roublesToKopecks } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { leaveFor } from "@/shared/lib/leave-for";
import { useCreateTopUp } from "@/shared/wallet/create-top-up";
import { useWallet } from "@/shared/wallet/get-wallet";
import { useTopUpKey } from "@/shared/wallet/top-up-key";

/** What is missing for the price, in whole roubles rounded up, and never below the smallest top-up. */
export function shortfall(price: number, balance: number, topUpMin: number): number {
  const missing = Math.ceil(kopecksToRoubles(roublesToKopecks(price) - roublesToKopecks(balance)));
  return Math.max(missing, topUpMin);
}

interface TopUpShortfallProps {
  productId: string;
  /** What the purchase costs: the price times the quantity chosen. */
  price: number;
  /** The quantity chosen comes back with the buyer (`?quantity=`), so Pay buys what the top-up was for. */
  quantity: number;
  balance: number;
}

/**
 * "Top up N ₽" in the Buy dialog when the balance is short: a top-up of exactly what is missing for the whole
 * purchase, paid on the provider's page, which brings the buyer back to this product (`?top_up=<id>`), where Pay
 * works once it is credited. Nothing is offered where top-ups are off.
 */
export function TopUpShortfall({ productId, price, quantity, balance }: TopUpShortfallProps) {
  const { t } = useTranslation("products");
  const wallet = useWallet();
  const createTopUp = useCreateTopUp();
  const topUpKey = useTopUpKey();
  const rules = wallet.data?.rules;
  if (!rules || rules.provider === "none") return null;
  const amount = shortfall(price, balance, rules.top_up_min);
  const returnPath = `/product/${productId}${quantity > 1 ? `?quantity=${quantity}` : ""}`;

  function topUp() {
    createTopUp.mutate(
      { amount, return_path: returnPath, idempotencyKey: topUpKey.keyFor(amount) },
      {
        onSuccess: (created) => {
          if (created.confirmation_url) leaveFor(created.confirmation_url);
        },
        onError: (error) => topUpKey.settled(error),
      },
    );
  }

  return (
    <Stack gap="xs">
      {createTopUp.isError && (
        <Alert color="red" role="alert">
          {describeError(createTopUp.error)}
        </Alert>
      )}
      <Button variant="light" onClick={topUp} loading={createTopUp.isPending || createTopUp.isSuccess}>
        {t("buy.topUp", { amount: formatPrice(amount) })}
      </Button>
    </Stack>
  );
}

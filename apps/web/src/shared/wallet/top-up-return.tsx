import { useEffect } from "react";
import { Alert, CloseButton, Group, Loader, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { formatBalance, formatPrice, topUpIdPathSchema } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { useTopUp } from "./get-top-up";
import { refreshMoney } from "./wallet-sync";

const TOP_UP_PARAM = "top_up";

function TopUpStatus({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const { t } = useTranslation("common");
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const topUp = useTopUp(id);
  const status = topUp.data?.status;

  // Credited while the payer watched: the balance shown everywhere is fetched again (the socket may be down).
  useEffect(() => {
    if (status === "succeeded") void refreshMoney(queryClient);
  }, [status, queryClient]);

  const dismiss = <CloseButton aria-label={t("topUp.dismiss")} onClick={onDismiss} />;
  if (topUp.isError && !topUp.data) {
    return (
      <Alert color="red" role="alert" title={t("topUp.failedToLoad")}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{describeError(topUp.error)}</Text>
          {dismiss}
        </Group>
      </Alert>
    );
  }
  if (!topUp.data || status === "pending") {
    return (
      <Alert color="blue" role="status" aria-live="polite">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">
            {topUp.data ? t("topUp.pending", { amount: formatPrice(topUp.data.amount) }) : t("loading")}
          </Text>
        </Group>
      </Alert>
    );
  }
  const amount = formatPrice(topUp.data.amount);
  return (
    <Alert
      color={status === "succeeded" ? "green" : "yellow"}
      role="status"
      aria-live="polite"
      title={status === "succeeded" ? t("topUp.succeeded", { amount }) : t("topUp.canceled", { amount })}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">
          {status === "succeeded" && user
            ? t("topUp.balance", { balance: formatBalance(user.balance) })
            : t("topUp.canceledText")}
        </Text>
        {dismiss}
      </Group>
    </Alert>
  );
}

/**
 * The payer is back from the provider's page (`?top_up=<id>`): the top-up's status, live — waiting, credited
 * with the new balance, or canceled. Dismissing it takes the parameter out of the address.
 */
export function TopUpReturn() {
  const [params, setParams] = useSearchParams();
  const id = topUpIdPathSchema.shape.id.safeParse(params.get(TOP_UP_PARAM)).data;
  if (!id) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TOP_UP_PARAM);
        return next;
      },
      { replace: true },
    );
  return <TopUpStatus key={id} id={id} onDismiss={dismiss} />;
}

import { useState } from "react";
import { Alert, Box, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { formatBalance, formatPrice, type Withdrawal } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { formatDateTime } from "@/shared/format/date";
import { WithdrawalStatusBadge } from "@/shared/wallet/withdrawal-status-badge";
import { useCancelWithdrawal } from "../api/cancel-withdrawal";
import { useWithdrawals } from "../api/get-withdrawals";
import { LoadMoreSection } from "./load-more-section";

/** The id of a withdrawal's row, so the statement can link to it. */
export function withdrawalAnchor(id: string): string {
  return `withdrawal-${id}`;
}

function CancelWithdrawal({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation("wallet");
  const [asking, setAsking] = useState(false);
  const cancel = useCancelWithdrawal();
  const amount = formatBalance(withdrawal.amount + withdrawal.fee);

  function close() {
    if (cancel.isPending) return;
    setAsking(false);
    cancel.reset();
  }

  return (
    <>
      <Button size="xs" variant="default" onClick={() => setAsking(true)}>
        {t("withdrawals.cancel")}
      </Button>
      <Modal opened={asking} onClose={close} title={t("withdrawals.cancelTitle")} centered>
        <Stack gap="md">
          <Text size="sm">{t("withdrawals.cancelText", { amount })}</Text>
          {cancel.isError && (
            <Alert color="red" role="alert">
              {describeError(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {t("withdrawals.keep")}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(withdrawal.id, {
                  onSuccess: () => {
                    setAsking(false);
                    notifications.show({ color: "teal", message: t("withdrawals.canceled", { amount }) });
                  },
                })
              }
            >
              {t("withdrawals.cancelConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation("wallet");
  const titleId = `${withdrawalAnchor(withdrawal.id)}-title`;
  return (
    <Box
      component="li"
      id={withdrawalAnchor(withdrawal.id)}
      aria-labelledby={titleId}
      py="sm"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
    >
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Text id={titleId} fw={700}>
              {formatPrice(withdrawal.amount)}
            </Text>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t(`methods.${withdrawal.method}`)} · {withdrawal.destination}
            </Text>
          </Stack>
          <WithdrawalStatusBadge status={withdrawal.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {t("withdrawals.meta", {
            fee: formatBalance(withdrawal.fee),
            date: formatDateTime(withdrawal.created_at),
          })}
        </Text>
        {withdrawal.reason && (
          <Text size="sm" c="red.9" style={{ overflowWrap: "anywhere" }}>
            {t("withdrawals.reason", { reason: withdrawal.reason })}
          </Text>
        )}
        {withdrawal.status === "paid" && withdrawal.payout_reference && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("withdrawals.reference", { reference: withdrawal.payout_reference })}
          </Text>
        )}
        {withdrawal.status === "pending" && (
          <Group>
            <CancelWithdrawal withdrawal={withdrawal} />
          </Group>
        )}
      </Stack>
    </Box>
  );
}

/** The user's withdrawals, newest first: where each stands, why one was rejected, and Cancel while one waits. */
export function WithdrawalList() {
  const { t } = useTranslation("wallet");
  const withdrawals = useWithdrawals();
  const items = withdrawals.data?.pages.flatMap((page) => page.withdrawals) ?? [];
  return (
    <LoadMoreSection
      id="withdrawals-title"
      title={t("withdrawals.title")}
      loadError={t("withdrawals.loadError")}
      empty={t("withdrawals.empty")}
      query={withdrawals}
      rows={items.map((withdrawal) => (
        <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
      ))}
    />
  );
}

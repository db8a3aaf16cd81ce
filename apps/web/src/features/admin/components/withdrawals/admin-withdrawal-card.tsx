import { useId, useState } from "react";
import { Alert, Anchor, Button, Card, Code, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatBalance, formatPrice, type AdminWithdrawal } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { WithdrawalStatusBadge } from "@/shared/wallet/withdrawal-status-badge";
import { useDecideWithdrawal } from "../../api/decide-withdrawal";
import { useRevealDestination } from "../../api/get-withdrawal-destination";
import { Fact } from "../fact";
import { DecideWithdrawalModal, type Decision } from "./decide-withdrawal-modal";

/** The full destination, read once when the admin asks, with a word that the reading is logged. */
function RevealDestination({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation("adminWithdrawals");
  const reveal = useRevealDestination();
  if (reveal.data) {
    return (
      <Alert color="gray" variant="light" role="note" title={t("reveal.title")}>
        <Stack gap={4}>
          <Code fz="md" style={{ overflowWrap: "anywhere" }}>
            {reveal.data.destination}
          </Code>
          {reveal.data.bank_id && <Text size="sm">{t("reveal.bank", { bank: reveal.data.bank_id })}</Text>}
          <Text size="xs" c="dimmed">
            {t("reveal.logged")}
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button size="xs" variant="default" onClick={() => reveal.mutate(withdrawal.id)} loading={reveal.isPending}>
        {t("reveal.action")}
      </Button>
      <Text size="xs" c="dimmed">
        {t("reveal.hint")}
      </Text>
    </Stack>
  );
}

/**
 * One withdrawal of /admin/withdrawals: who, how much, the fee, where to (masked), when; while it waits, Approve,
 * Reject and Show destination. The decision's state lives here, keyed by the withdrawal, so a refreshed list
 * keeps an open dialog and its error on screen.
 */
export function AdminWithdrawalCard({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation("adminWithdrawals");
  const titleId = useId();
  const decide = useDecideWithdrawal();
  const [asking, setAsking] = useState<Decision | null>(null);
  const pending = withdrawal.status === "pending";

  function ask(decision: Decision) {
    decide.reset();
    setAsking(decision);
  }

  function confirm(text: string) {
    if (!asking) return;
    const decision = asking;
    const values = { username: withdrawal.user.username, amount: formatPrice(withdrawal.amount) };
    decide.mutate(
      decision === "approve"
        ? { id: withdrawal.id, decision, request: text ? { payout_reference: text } : {} }
        : { id: withdrawal.id, decision, request: { reason: text } },
      {
        onSuccess: () => {
          setAsking(null);
          notifications.show({
            color: "green",
            message: t(decision === "approve" ? "approve.done" : "reject.done", values),
          });
        },
      },
    );
  }

  return (
    <Card component="li" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text id={titleId} fw={700} style={{ overflowWrap: "anywhere" }}>
            {t("card.title", { amount: formatPrice(withdrawal.amount), username: withdrawal.user.username })}
          </Text>
          <WithdrawalStatusBadge status={withdrawal.status} />
        </Group>
        <Group gap="lg" align="flex-start">
          <Fact label={t("card.user")}>
            <Anchor component={Link} to={`/profile/${encodeURIComponent(withdrawal.user.username)}`} inherit>
              {withdrawal.user.username}
            </Anchor>
          </Fact>
          <Fact label={t("card.amount")}>{formatPrice(withdrawal.amount)}</Fact>
          <Fact label={t("card.fee")}>{formatBalance(withdrawal.fee)}</Fact>
          <Fact label={t("card.method")}>{t(`methods.${withdrawal.method}`)}</Fact>
          <Fact label={t("card.destination")}>{withdrawal.destination}</Fact>
          <Fact label={t("card.created")}>{formatDateTime(withdrawal.created_at)}</Fact>
          {withdrawal.decided_at && <Fact label={t("card.decided")}>{formatDateTime(withdrawal.decided_at)}</Fact>}
        </Group>
        {withdrawal.reason && (
          <Text size="sm" c="red.9" style={{ overflowWrap: "anywhere" }}>
            {t("card.reason", { reason: withdrawal.reason })}
          </Text>
        )}
        {withdrawal.payout_reference && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("card.reference", { reference: withdrawal.payout_reference })}
          </Text>
        )}
        {pending && (
          <>
            <RevealDestination withdrawal={withdrawal} />
            <Group gap="xs">
              <Button size="xs" color="teal" variant="light" onClick={() => ask("approve")} aria-describedby={titleId}>
                {withdrawal.provider_payout ? t("approve.sendAction") : t("approve.action")}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => ask("reject")} aria-describedby={titleId}>
                {t("reject.action")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <DecideWithdrawalModal
        key={asking ?? "closed"}
        withdrawal={withdrawal}
        decision={asking}
        pending={decide.isPending}
        error={decide.error}
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          decide.reset();
        }}
      />
    </Card>
  );
}

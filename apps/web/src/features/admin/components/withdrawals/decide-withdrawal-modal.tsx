import { Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  formatBalance,
  formatPrice,
  PAYOUT_REFERENCE_MAX,
  WITHDRAWAL_REASON_MAX,
  type AdminWithdrawal,
} from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { DecisionFooter } from "../decision-footer";

export type Decision = "approve" | "reject";

interface DecideWithdrawalModalProps {
  withdrawal: AdminWithdrawal;
  /** The decision being made; the dialog is closed while null. */
  decision: Decision | null;
  pending: boolean;
  error: unknown;
  /** The payout reference (approve by hand) or the reason (reject), trimmed; empty for a provider payout. */
  onConfirm: (text: string) => void;
  onClose: () => void;
}

/**
 * Asks before money moves: approving a withdrawal paid by hand needs the bank's reference of that payment;
 * approving a provider payout sends it; rejecting needs the reason the user will read, and returns the money.
 */
export function DecideWithdrawalModal({
  withdrawal,
  decision,
  pending,
  error,
  onConfirm,
  onClose,
}: DecideWithdrawalModalProps) {
  const { t } = useTranslation("adminWithdrawals");
  const reject = decision === "reject";
  const needsText = reject || !withdrawal.provider_payout;
  const form = useForm({
    initialValues: { text: "" },
    validate: {
      text: (value) =>
        needsText && value.trim() === "" ? t(reject ? "reject.reasonRequired" : "approve.referenceRequired") : null,
    },
  });
  const values = {
    username: withdrawal.user.username,
    amount: formatPrice(withdrawal.amount),
    total: formatBalance(withdrawal.amount + withdrawal.fee),
    destination: withdrawal.destination,
  };

  function close() {
    if (!pending) onClose();
  }

  const title = reject ? t("reject.title") : t("approve.title");
  const text = reject
    ? t("reject.text", values)
    : withdrawal.provider_payout
      ? t("approve.payoutText", values)
      : t("approve.manualText", values);

  return (
    <Modal opened={decision !== null} onClose={close} title={title} centered>
      <form onSubmit={form.onSubmit(({ text: value }) => onConfirm(value.trim()))} noValidate>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {text}
          </Text>
          {reject ? (
            <Textarea
              // Fixed rows: autosize listens on document.fonts, which jsdom (the tests' DOM) lacks.
              label={t("reject.reason")}
              description={t("reject.reasonHint")}
              minRows={3}
              maxLength={WITHDRAWAL_REASON_MAX}
              data-autofocus
              {...form.getInputProps("text")}
            />
          ) : (
            !withdrawal.provider_payout && (
              <TextInput
                label={t("approve.reference")}
                description={t("approve.referenceHint")}
                maxLength={PAYOUT_REFERENCE_MAX}
                data-autofocus
                {...form.getInputProps("text")}
              />
            )
          )}
          <DecisionFooter
            error={error}
            errorTitle={t("decideError")}
            pending={pending}
            onCancel={close}
            confirmLabel={
              reject ? t("reject.confirm") : withdrawal.provider_payout ? t("approve.send") : t("approve.confirm")
            }
            confirmColor={reject ? "red" : "teal"}
          />
        </Stack>
      </form>
    </Modal>
  );
}

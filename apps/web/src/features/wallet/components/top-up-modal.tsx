import { useRef } from "react";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { formatPrice, type WalletRules } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { leaveFor } from "@/shared/lib/leave-for";
import { useCreateTopUp } from "@/shared/wallet/create-top-up";
import { useTopUpKey } from "@/shared/wallet/top-up-key";
import { checkAmount } from "../lib/amount-rule";
import { AmountInput } from "./amount-input";

interface TopUpModalProps {
  opened: boolean;
  onClose: () => void;
  rules: WalletRules;
}

/**
 * Top up: an amount within the rules, then off to the provider's page to pay it; the payer comes back to
 * /wallet?top_up=<id>. One Idempotency-Key per amount until the server answers, so a double click or a retry
 * after a lost answer makes one payment.
 */
export function TopUpModal({ opened, onClose, rules }: TopUpModalProps) {
  const { t } = useTranslation("wallet");
  const createTopUp = useCreateTopUp();
  const topUpKey = useTopUpKey();
  // Set at the first click, before React re-renders the button as busy: a double click sends once.
  const sending = useRef(false);
  const limits = { min: formatPrice(rules.top_up_min), max: formatPrice(rules.top_up_max) };
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: "" },
    validate: {
      amount: (value) => {
        const problem = checkAmount(value, rules.top_up_min, rules.top_up_max);
        return problem ? t(`amountErrors.${problem}`, limits) : null;
      },
    },
  });
  const leaving = createTopUp.isSuccess;

  const submit = form.onSubmit(({ amount }) => {
    if (sending.current || typeof amount !== "number") return;
    sending.current = true;
    createTopUp.mutate(
      { amount, return_path: "/wallet", idempotencyKey: topUpKey.keyFor(amount) },
      {
        onSuccess: (topUp) => {
          if (topUp.confirmation_url) leaveFor(topUp.confirmation_url);
        },
        onError: (error) => {
          sending.current = false;
          topUpKey.settled(error);
          const fieldErrors = fieldErrorsOf(error, { serverFields: { amount: "amount" } });
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        },
      },
    );
  });

  function close() {
    if (createTopUp.isPending || leaving) return;
    form.reset();
    createTopUp.reset();
    onClose();
  }

  const amount = form.values.amount;
  return (
    <Modal opened={opened} onClose={close} title={t("topUp.title")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {rules.provider === "test" && (
            <Alert color="orange" variant="light" role="note">
              {t("topUp.testMode")}
            </Alert>
          )}
          <AmountInput
            label={t("topUp.amount")}
            description={t("topUp.amountHint", limits)}
            min={rules.top_up_min}
            max={rules.top_up_max}
            {...form.getInputProps("amount")}
          />
          {createTopUp.isError && Object.keys(form.errors).length === 0 && (
            <Alert color="red" role="alert">
              {describeError(createTopUp.error)}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t("topUp.redirect")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={createTopUp.isPending || leaving}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={createTopUp.isPending || leaving}>
              {typeof amount === "number" && amount > 0
                ? t("topUp.submit", { amount: formatPrice(amount) })
                : t("topUp.continue")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  checkDestination,
  DATE_LOCALE,
  formatBalance,
  formatPrice,
  WITHDRAWAL_DESTINATION_MAX,
  type Wallet,
  type WithdrawalMethod,
} from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useCreateWithdrawal } from "../api/create-withdrawal";
import { useSbpBanks } from "../api/get-sbp-banks";
import { checkAmount } from "../lib/amount-rule";
import { withdrawalCost } from "../lib/withdrawal-fee";
import { AmountInput } from "./amount-input";

interface WithdrawValues {
  amount: number | string;
  method: WithdrawalMethod;
  bankId: string | null;
  destination: string;
}

/** Percents follow the app's one number rule (ru-RU, as money does): "1,5 %". */
const percentFormat = new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 2 });

const refusalFields = {
  serverFields: { amount: "amount", destination: "destination", bank_id: "bankId", method: "method" },
} as const;

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Withdraw: the amount, where to (card, SBP with its bank when payouts reach banks, ЮMoney) and the number, checked
 * by the contract's own rules so the form refuses what the server would; the fee and what leaves the balance are
 * shown before sending.
 */
export function WithdrawModal({ opened, onClose, wallet }: { opened: boolean; onClose: () => void; wallet: Wallet }) {
  const { t } = useTranslation("wallet");
  const { rules, available } = wallet;
  const createWithdrawal = useCreateWithdrawal();
  const form = useForm<WithdrawValues>({
    initialValues: { amount: "", method: rules.withdrawal_methods[0] ?? "card", bankId: null, destination: "" },
    validate: {
      amount: (value) => {
        const problem = checkAmount(value, rules.withdrawal_min, Number.MAX_SAFE_INTEGER);
        if (problem) return t(`amountErrors.${problem}`, { min: formatPrice(rules.withdrawal_min) });
        const { total } = withdrawalCost(Number(value), rules.withdrawal_fee_percent);
        return total > available ? t("withdraw.tooMuch", { available: formatBalance(available) }) : null;
      },
      bankId: (value, values) =>
        values.method === "sbp" && banks.length > 0 && !value ? t("withdraw.bankRequired") : null,
      destination: (value, values) => {
        if (value.trim() === "") return t("withdraw.destinationRequired");
        const checked = checkDestination(values.method, value);
        return checked.ok ? null : t(`withdraw.problems.${checked.problem}`);
      },
    },
  });
  const { method } = form.values;
  const sbpBanks = useSbpBanks(opened && method === "sbp");
  const banks = sbpBanks.data ?? [];
  const amount = typeof form.values.amount === "number" ? form.values.amount : 0;
  const cost = withdrawalCost(amount, rules.withdrawal_fee_percent);

  const submit = form.onSubmit((values) => {
    createWithdrawal.mutate(
      {
        amount: Number(values.amount),
        method: values.method,
        destination: values.destination,
        ...(values.method === "sbp" && values.bankId ? { bank_id: values.bankId } : {}),
      },
      {
        onSuccess: (withdrawal) => {
          notifications.show({
            color: "teal",
            message: t("withdraw.done", { amount: formatPrice(withdrawal.amount) }),
          });
          close();
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, refusalFields);
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        },
      },
    );
  });

  function close() {
    if (createWithdrawal.isPending) return;
    form.reset();
    createWithdrawal.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={t("withdraw.title")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AmountInput
            label={t("withdraw.amount")}
            description={t("withdraw.amountHint", {
              min: formatPrice(rules.withdrawal_min),
              available: formatBalance(available),
            })}
            min={rules.withdrawal_min}
            {...form.getInputProps("amount")}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="withdraw-method-label">
              {t("withdraw.method")}
            </Text>
            <SegmentedControl
              aria-labelledby="withdraw-method-label"
              fullWidth
              data={rules.withdrawal_methods.map((value) => ({ value, label: t(`methods.${value}`) }))}
              value={method}
              onChange={(next) => {
                form.setFieldValue("method", next as WithdrawalMethod);
                form.clearFieldError("destination");
              }}
            />
          </Stack>
          {method === "sbp" && banks.length > 0 && (
            <Select
              label={t("withdraw.bank")}
              placeholder={t("withdraw.bankPlaceholder")}
              data={banks.map((bank) => ({ value: bank.bank_id, label: bank.name }))}
              searchable
              nothingFoundMessage={t("withdraw.noBank")}
              {...form.getInputProps("bankId")}
            />
          )}
          <TextInput
            label={t(`withdraw.destination.${method}`)}
            placeholder={t(`withdraw.placeholder.${method}`)}
            inputMode={method === "sbp" ? "tel" : "numeric"}
            autoComplete={method === "card" ? "cc-number" : method === "sbp" ? "tel" : "off"}
            maxLength={WITHDRAWAL_DESTINATION_MAX}
            {...form.getInputProps("destination")}
          />
          <Stack gap={4} aria-label={t("withdraw.costLabel")} role="group">
            <Figure
              label={t("withdraw.fee", { percent: percentFormat.format(rules.withdrawal_fee_percent) })}
              value={formatBalance(cost.fee)}
            />
            <Figure label={t("withdraw.total")} value={formatBalance(cost.total)} strong />
          </Stack>
          {createWithdrawal.isError && Object.keys(form.errors).length === 0 && (
            <Alert color="red" role="alert">
              {describeError(createWithdrawal.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={createWithdrawal.isPending}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={createWithdrawal.isPending}>
              {amount > 0 ? t("withdraw.submit", { amount: formatPrice(amount) }) : t("withdraw.action")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

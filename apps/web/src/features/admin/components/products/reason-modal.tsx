import { Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { STATUS_REASON_MAX, STATUS_REASON_MIN } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { DecisionFooter } from "../decision-footer";

/** The words of one kind of decision: a rejection or a take-down. */
export type ReasonDialog = "rejectDialog" | "takeDownDialog";

interface ReasonModalProps {
  dialog: ReasonDialog;
  /** The product decided about, named in the title. */
  title: string;
  opened: boolean;
  pending: boolean;
  error: unknown;
  /** The reason the seller reads, trimmed. */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks the admin for the reason the seller will read before a listing is rejected or taken down. */
export function ReasonModal({ dialog, title, opened, pending, error, onConfirm, onClose }: ReasonModalProps) {
  const { t } = useTranslation("adminCatalog");
  const form = useForm({
    initialValues: { reason: "" },
    validate: {
      reason: (value) =>
        value.trim().length < STATUS_REASON_MIN ? t("products.reasonTooShort", { min: STATUS_REASON_MIN }) : null,
    },
  });

  function close() {
    if (pending) return;
    form.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={t(`products.${dialog}.title`, { title })} centered>
      <form onSubmit={form.onSubmit(({ reason }) => onConfirm(reason.trim()))} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`products.${dialog}.text`)}</Text>
          <Textarea
            // Fixed rows: autosize listens on document.fonts, which jsdom (the tests' DOM) lacks.
            label={t(`products.${dialog}.reason`)}
            description={t(`products.${dialog}.hint`, { min: STATUS_REASON_MIN })}
            minRows={3}
            maxLength={STATUS_REASON_MAX}
            data-autofocus
            {...form.getInputProps("reason")}
          />
          <DecisionFooter
            error={error}
            pending={pending}
            onCancel={close}
            confirmLabel={t(`products.${dialog}.confirm`)}
            confirmColor="red"
          />
        </Stack>
      </form>
    </Modal>
  );
}

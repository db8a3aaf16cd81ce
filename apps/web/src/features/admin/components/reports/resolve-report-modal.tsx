import { Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { REPORT_NOTE_MAX, type ReportDecision } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { DecisionFooter } from "../decision-footer";

interface ResolveReportModalProps {
  /** The decision being made; the dialog is closed while null. */
  decision: ReportDecision | null;
  pending: boolean;
  error: unknown;
  /** The admin's note, trimmed; empty for none. */
  onConfirm: (note: string) => void;
  onClose: () => void;
}

const DIALOGS = { resolved: "resolveDialog", dismissed: "dismissDialog" } as const;

/** Asks before a report is decided, with room for a note that stays with it. */
export function ResolveReportModal({ decision, pending, error, onConfirm, onClose }: ResolveReportModalProps) {
  const { t } = useTranslation("adminReports");
  const form = useForm({ initialValues: { note: "" } });
  const dialog = DIALOGS[decision ?? "resolved"];

  function close() {
    if (!pending) onClose();
  }

  return (
    <Modal opened={decision !== null} onClose={close} title={t(`${dialog}.title`)} centered>
      <form onSubmit={form.onSubmit(({ note }) => onConfirm(note.trim()))} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`${dialog}.text`)}</Text>
          <Textarea
            // Fixed rows: autosize listens on document.fonts, which jsdom (the tests' DOM) lacks.
            label={t("noteLabel")}
            description={t("noteHint", { max: REPORT_NOTE_MAX })}
            minRows={3}
            maxLength={REPORT_NOTE_MAX}
            data-autofocus
            {...form.getInputProps("note")}
          />
          <DecisionFooter
            error={error}
            errorTitle={t("decideError")}
            pending={pending}
            onCancel={close}
            confirmLabel={t(`${dialog}.confirm`)}
            confirmColor={decision === "dismissed" ? "gray" : "teal"}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  REPORT_TEXT_MAX,
  REPORT_TEXT_MIN,
  reportReasonSchema,
  type CreateReportRequest,
  type ReportReason,
} from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { FlagIcon } from "@/shared/ui/icons";
import { useCreateReport } from "./create-report";

export type ReportTarget = { kind: "product"; productId: string; title: string } | { kind: "user"; username: string };

type ReportValues = { reason: ReportReason | null; text: string };

/** The server's field names are the form's. */
const SERVER_FIELDS = { reason: "reason", text: "text" } as const;

function requestOf(target: ReportTarget, reason: ReportReason, text: string): CreateReportRequest {
  return target.kind === "product"
    ? { target: "product", product_id: target.productId, reason, text }
    : { target: "user", username: target.username, reason, text };
}

/** The report's form: a reason from the list, and words (needed with "Something else", which says nothing itself). */
function ReportForm({ target, onDone, onCancel }: { target: ReportTarget; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation("reports");
  const { t: tc } = useTranslation("common");
  const report = useCreateReport();
  const form = useForm<ReportValues>({
    initialValues: { reason: null, text: "" },
    validate: {
      reason: (value) => (value === null ? t("reasonRequired") : null),
      text: (value, values) =>
        values.reason === "other" && value.trim().length < REPORT_TEXT_MIN
          ? t("detailsRequired", { count: REPORT_TEXT_MIN })
          : null,
    },
  });

  function submit({ reason, text }: ReportValues) {
    if (reason === null) return;
    report.mutate(requestOf(target, reason, text.trim()), {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("sent") });
        onDone();
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error, { serverFields: SERVER_FIELDS })),
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("text")}</Text>
        <Select
          label={t("reason")}
          data={reportReasonSchema.options.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          data-autofocus
          required
          {...form.getInputProps("reason")}
        />
        <Textarea
          // Fixed rows: autosize listens on document.fonts, which jsdom (the tests' DOM) lacks.
          label={t("details")}
          description={t("detailsHint", { count: REPORT_TEXT_MAX })}
          minRows={3}
          maxLength={REPORT_TEXT_MAX}
          {...form.getInputProps("text")}
        />
        {/* A refusal about a field is shown beside it; any other in this banner. */}
        {report.isError && Object.keys(fieldErrorsOf(report.error, { serverFields: SERVER_FIELDS })).length === 0 && (
          <Alert color="red" role="alert">
            {describeError(report.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={report.isPending}>
            {tc("cancel")}
          </Button>
          <Button type="submit" color="red" loading={report.isPending}>
            {t("send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Report" and its dialog, for a listing or a user someone else may want the admins to look at. */
export function ReportButton({ target }: { target: ReportTarget }) {
  const { t } = useTranslation("reports");
  const [opened, dialog] = useDisclosure(false);
  const title =
    target.kind === "product"
      ? t("productTitle", { title: target.title })
      : t("userTitle", { username: target.username });
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<FlagIcon size={16} />}
        onClick={dialog.open}
        aria-label={target.kind === "product" ? t("reportProduct") : t("reportUser", { username: target.username })}
      >
        {t("action")}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={title} centered>
        {/* Mounted while open only: a new report starts from an empty form. */}
        {opened && <ReportForm target={target} onDone={dialog.close} onCancel={dialog.close} />}
      </Modal>
    </>
  );
}

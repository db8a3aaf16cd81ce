import { Alert, Button, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import {
  DISPUTE_TEXT_MAX,
  DISPUTE_TEXT_MIN,
  disputeReasonSchema,
  openDisputeRequestSchema,
  type OpenDisputeRequest,
} from "@lootlane/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

interface DisputeFormProps {
  onSubmit: (request: OpenDisputeRequest) => void;
  onCancel: () => void;
  submitting: boolean;
  /** Why the last submit was refused; what was written stays for another try. */
  error: string | null;
}

/** Why the buyer reports the deal: a reason and their own words, checked by the contract's rules before sending. */
export function DisputeForm({ onSubmit, onCancel, submitting, error }: DisputeFormProps) {
  const { t } = useTranslation("chats");
  const { t: tc } = useTranslation("common");
  const [reason, setReason] = useState<string | null>(null);
  const [text, setText] = useState("");
  const request = openDisputeRequestSchema.safeParse({ reason, text });
  const reasons = disputeReasonSchema.options.map((value) => ({ value, label: t(`dispute.reasons.${value}`) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.success && !submitting) onSubmit(request.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("dispute.intro")}</Text>
        <Select
          label={t("dispute.reason")}
          placeholder={t("dispute.reasonPlaceholder")}
          data={reasons}
          value={reason}
          onChange={setReason}
          allowDeselect={false}
          required
        />
        <Stack gap={4}>
          <Textarea
            label={t("dispute.text")}
            description={t("dispute.textHint", { min: DISPUTE_TEXT_MIN, max: DISPUTE_TEXT_MAX })}
            rows={4}
            maxLength={DISPUTE_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            required
          />
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {t("dispute.counter", { length: text.trim().length, max: DISPUTE_TEXT_MAX })}
          </Text>
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {tc("cancel")}
          </Button>
          <Button type="submit" color="red" loading={submitting} disabled={!request.success}>
            {t("dispute.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

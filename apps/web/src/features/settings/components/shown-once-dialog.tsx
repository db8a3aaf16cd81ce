import { Alert, Button, Code, Group, Modal, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyTextButton } from "@/shared/ui/copy-text-button";

interface ShownOnceDialogProps {
  /** The secret to show; the dialog is open while it is set. */
  value: string | null;
  title: string;
  warning: string;
  copyLabel: string;
  testId: string;
  onClose: () => void;
}

/** A secret the server answers once (a token, a signing secret): shown whole, with Copy and a warning. */
export function ShownOnceDialog({ value, title, warning, copyLabel, testId, onClose }: ShownOnceDialogProps) {
  const { t } = useTranslation("settings");
  return (
    <Modal opened={value !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {warning}
        </Alert>
        <Code block style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }} data-testid={testId}>
          {value}
        </Code>
        <Group justify="space-between">
          <CopyTextButton value={value ?? ""} label={copyLabel} />
          <Button onClick={onClose}>{t("api.done")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

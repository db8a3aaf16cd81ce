import { Alert, Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";

interface DecisionFooterProps {
  /** Why the decision was refused, shown above the buttons; null while there is nothing to say. */
  error: unknown;
  errorTitle?: string;
  pending: boolean;
  onCancel: () => void;
  confirmLabel: string;
  confirmColor: string;
  /** Runs the decision; without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
}

/** The foot of an admin's decision dialog: why it failed, if it did, then Cancel and the confirm button. */
export function DecisionFooter({
  error,
  errorTitle,
  pending,
  onCancel,
  confirmLabel,
  confirmColor,
  onConfirm,
}: DecisionFooterProps) {
  const { t } = useTranslation("common");
  return (
    <>
      {error !== null && (
        <Alert color="red" role="alert" title={errorTitle}>
          {describeError(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button type={onConfirm ? "button" : "submit"} color={confirmColor} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}

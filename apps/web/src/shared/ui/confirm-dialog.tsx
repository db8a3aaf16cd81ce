import type { ReactNode } from "react";
import { Alert, Button, Group, Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, and what it happens to. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's colour: red for what cannot be undone. */
  color?: string;
  pending: boolean;
  /** Why the last try failed, shown translated above the buttons; null when it did not. */
  error: unknown;
  onConfirm: () => void;
  /** Cancel or Escape; ignored while the action runs. */
  onClose: () => void;
}

/** An action asked twice: the dialog says what happens, shows why it failed if it does, and stays open then. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = "red",
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {children}
      {error !== null && (
        <Alert color="red" mt="md" role="alert">
          {describeError(error)}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button color={color} onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";

interface ConfirmActionButtonProps {
  /** The button's text, also the dialog's confirm button. */
  label: string;
  /** The button's accessible name where the text alone is ambiguous in a list, e.g. "Ban mira". */
  ariaLabel: string;
  title: string;
  text: string;
  color: string;
  pending: boolean;
  error: unknown;
  /** Runs the action; `done` closes the dialog once it has succeeded. */
  onConfirm: (done: () => void) => void;
  /** Forgets a failure when the dialog closes. */
  onReset: () => void;
}

/** An action that asks first: the dialog says what will happen and shows why it failed, if it does. */
export function ConfirmActionButton({
  label,
  ariaLabel,
  title,
  text,
  color,
  pending,
  error,
  onConfirm,
  onReset,
}: ConfirmActionButtonProps) {
  const { t } = useTranslation("common");
  const [opened, dialog] = useDisclosure(false);

  function close() {
    if (pending) return;
    dialog.close();
    onReset();
  }

  return (
    <>
      <Button size="xs" color={color} variant="light" onClick={dialog.open} aria-label={ariaLabel}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Text size="sm">{text}</Text>
        {error !== null && (
          <Alert color="red" mt="md" role="alert">
            {describeError(error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={pending}>
            {t("cancel")}
          </Button>
          <Button color={color} onClick={() => onConfirm(dialog.close)} loading={pending}>
            {label}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

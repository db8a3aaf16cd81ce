import { Button, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";

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
  const [opened, dialog] = useDisclosure(false);

  function close() {
    dialog.close();
    onReset();
  }

  return (
    <>
      <Button size="xs" color={color} variant="light" onClick={dialog.open} aria-label={ariaLabel}>
        {label}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={title}
        confirmLabel={label}
        color={color}
        pending={pending}
        error={error}
        onConfirm={() => onConfirm(dialog.close)}
        onClose={close}
      >
        <Text size="sm">{text}</Text>
      </ConfirmDialog>
    </>
  );
}

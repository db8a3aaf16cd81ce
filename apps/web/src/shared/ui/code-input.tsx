import { useId } from "react";
import { Input, PinInput, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { VERIFICATION_CODE_LENGTH } from "@lootlane/contract";
import classes from "./code-input.module.css";

interface CodeInputProps {
  /** Names the group of boxes, e.g. "Confirmation code". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/**
 * The e-mailed code (SPEC §2, §5): one box per digit, digits only, focus moves on after each digit and back on
 * Backspace, and a pasted or autofilled code fills every box. Each box is named by its position, so a screen
 * reader user knows where they are. It takes focus when it appears: it is always the point of a new step.
 */
export function CodeInput({ label, value, onChange, error }: CodeInputProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Stack gap={6}>
      <Input.Label id={labelId} labelElement="div">
        {label}
      </Input.Label>
      <PinInput
        id={id}
        classNames={classes}
        aria-labelledby={labelId}
        length={VERIFICATION_CODE_LENGTH}
        type="number"
        size="lg"
        gap="xs"
        placeholder=""
        autoFocus
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        getInputProps={(index) => ({
          // Mantine's own aria attributes would drop the link to the error text below.
          withAria: false,
          "aria-label": t("codeDigit", { index: index + 1, length: VERIFICATION_CODE_LENGTH }),
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
        })}
      />
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}

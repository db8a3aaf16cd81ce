import { NumberInput, type NumberInputProps } from "@mantine/core";

/** Whole roubles, typed with a thousands separator; the form's rule (not a silent clamp on blur) says what is wrong. */
export function AmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      data-autofocus
      step={100}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=" "
      hideControls
      inputMode="numeric"
      {...props}
    />
  );
}

import { NumberInput, type NumberInputProps } from "@mantine/core";

/**
 * A whole number from 1 (a price, a quantity): digits only, grouped as ru-RU writes them, never changed behind the
 * seller's back — a value out of range is left for the rule's own message, clearer than a silent clamp on blur.
 */
export function WholeNumberInput(props: NumberInputProps) {
  return (
    <NumberInput
      withAsterisk
      min={1}
      step={1}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=" "
      inputMode="numeric"
      maw={{ base: "100%", xs: 240 }}
      {...props}
    />
  );
}

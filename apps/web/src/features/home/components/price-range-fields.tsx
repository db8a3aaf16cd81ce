import { useId, useState, type KeyboardEvent } from "react";
import { Group, NumberInput, Stack, Text, type NumberInputProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { PRODUCT_PRICE_MAX, SEARCH_DEBOUNCE_MS } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { isPriceRangeReversed } from "../lib/listing-filters";

interface PriceRange {
  min_price: number | undefined;
  max_price: number | undefined;
}

interface PriceRangeFieldsProps extends PriceRange {
  /** Each field this wide in a row of filters; without it the two share the width they are given. */
  fieldWidth?: number;
  /** A range as typed, once typing pauses or a field is left; never one whose ends are reversed. */
  onChange: (range: PriceRange) => void;
}

function wholeRoubles(value: number | string): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/**
 * "Price from … to …" in whole roubles. A reversed range is not applied: the fields say why instead. One coming from
 * the address (a hand-edited link) is shown as it is, with the same message.
 */
export function PriceRangeFields({ min_price, max_price, fieldWidth, onChange }: PriceRangeFieldsProps) {
  const { t } = useTranslation("home");
  const messageId = useId();
  const [from, setFrom] = useState<number | string>(min_price ?? "");
  const [to, setTo] = useState<number | string>(max_price ?? "");
  const [shown, setShown] = useState<PriceRange>({ min_price, max_price });
  // The range last handed up, until the address comes back with it.
  const [sent, setSent] = useState<PriceRange | null>(null);

  // Back, Forward, a reset or a link changed the range: the fields follow. The address echoing what was typed here
  // leaves them alone, as the visitor may already be typing the other end.
  if (shown.min_price !== min_price || shown.max_price !== max_price) {
    setShown({ min_price, max_price });
    setSent(null);
    const echo = sent !== null && sent.min_price === min_price && sent.max_price === max_price;
    if (!echo) {
      setFrom(min_price ?? "");
      setTo(max_price ?? "");
    }
  }

  const typed = { min_price: wholeRoubles(from), max_price: wholeRoubles(to) };
  const reversed = isPriceRangeReversed(typed);

  const apply = useDebouncedCallback((range: PriceRange) => {
    if (isPriceRangeReversed(range) || (range.min_price === min_price && range.max_price === max_price)) return;
    setSent(range);
    onChange(range);
  }, SEARCH_DEBOUNCE_MS);

  const fieldProps: NumberInputProps = {
    min: 0,
    max: PRODUCT_PRICE_MAX,
    clampBehavior: "strict",
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: " ",
    inputMode: "numeric",
    hideControls: true,
    rightSection: (
      <Text size="sm" c="dimmed">
        ₽
      </Text>
    ),
    error: reversed,
    "aria-describedby": reversed ? messageId : undefined,
    onBlur: () => apply.flush(),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "Enter") apply.flush();
    },
    ...(fieldWidth ? { w: fieldWidth } : { flex: 1, miw: 0 }),
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NumberInput
          {...fieldProps}
          label={t("filters.priceFrom")}
          value={from}
          onChange={(value) => {
            setFrom(value);
            apply({ ...typed, min_price: wholeRoubles(value) });
          }}
        />
        <NumberInput
          {...fieldProps}
          label={t("filters.priceTo")}
          value={to}
          onChange={(value) => {
            setTo(value);
            apply({ ...typed, max_price: wholeRoubles(value) });
          }}
        />
      </Group>
      {reversed && (
        <Text id={messageId} size="xs" c="red.9" role="alert">
          {t("filters.priceReversed")}
        </Text>
      )}
    </Stack>
  );
}

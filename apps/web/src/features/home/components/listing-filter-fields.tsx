import { Checkbox, Group, NativeSelect, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatRating } from "@/shared/format/number";
import type { CatalogueFilters } from "../lib/listing-filters";
import { PriceRangeFields } from "./price-range-fields";

/** The seller ratings offered as a lower bound; one from a shared link that is not among them is offered too. */
const RATING_BOUNDS = [3, 4, 4.5];

export interface ListingFilterFieldsProps {
  filters: CatalogueFilters;
  onChange: (changes: Partial<CatalogueFilters>, replace?: boolean) => void;
  /** In a row beside each other (a wide screen's bar), or one under another (the phone's drawer). */
  layout: "row" | "column";
}

/** Price range, seller rating, instant delivery only and sellers online now; each choice goes to the address at once. */
export function ListingFilterFields({ filters, onChange, layout }: ListingFilterFieldsProps) {
  const { t } = useTranslation("home");
  const bounds = [
    ...new Set([...RATING_BOUNDS, ...(filters.min_rating === undefined ? [] : [filters.min_rating])]),
  ].sort((a, b) => a - b);
  const checkboxes = (
    <>
      <Checkbox value="auto" label={t("filters.instant")} />
      <Checkbox value="online" label={t("filters.online")} />
    </>
  );
  return (
    <>
      <PriceRangeFields
        min_price={filters.min_price}
        max_price={filters.max_price}
        fieldWidth={layout === "row" ? 130 : undefined}
        onChange={(range) => {
          // Refining a range replaces the entry, as refining a search does; setting or clearing one adds an entry.
          const hadRange = filters.min_price !== undefined || filters.max_price !== undefined;
          const hasRange = range.min_price !== undefined || range.max_price !== undefined;
          onChange(range, hadRange && hasRange);
        }}
      />
      <NativeSelect
        label={t("filters.rating")}
        value={filters.min_rating === undefined ? "" : String(filters.min_rating)}
        data={[
          { value: "", label: t("filters.anyRating") },
          ...bounds.map((bound) => ({
            value: String(bound),
            label: t("filters.ratingAtLeast", { rating: formatRating(bound) }),
          })),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ min_rating: value ? Number(value) : undefined });
        }}
      />
      <Checkbox.Group
        label={t("filters.only")}
        value={[...(filters.delivery === "auto" ? ["auto"] : []), ...(filters.online === "true" ? ["online"] : [])]}
        onChange={(values) =>
          onChange({
            delivery: values.includes("auto") ? "auto" : undefined,
            online: values.includes("online") ? "true" : undefined,
          })
        }
      >
        {/* In a row, as tall as the inputs beside it, so every box lines up under its label. */}
        {layout === "row" ? (
          <Group mih={36} gap="md">
            {checkboxes}
          </Group>
        ) : (
          <Stack gap="sm" mt={6}>
            {checkboxes}
          </Stack>
        )}
      </Checkbox.Group>
    </>
  );
}

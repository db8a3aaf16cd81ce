import { Button, Drawer, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CatalogueFilterControls } from "../hooks/use-catalogue-filters";
import classes from "./filters-sheet.module.css";
import { ListingFilterFields } from "./listing-filter-fields";

type FiltersSheetProps = Pick<CatalogueFilterControls, "filters" | "setFilters" | "resetFilters"> & {
  opened: boolean;
  onClose: () => void;
  /** How many filters are set: with none, there is nothing to reset. */
  count: number;
};

/** A phone's filters, in a drawer rising from the bottom; each choice applies at once, as in a wide screen's bar. */
export function FiltersSheet({ opened, onClose, filters, setFilters, resetFilters, count }: FiltersSheetProps) {
  const { t } = useTranslation("home");
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      title={t("filters.title")}
      classNames={{ content: classes.sheet }}
    >
      <Stack gap="md">
        <ListingFilterFields filters={filters} onChange={setFilters} layout="column" />
        <Stack gap="xs">
          <Button onClick={onClose}>{t("filters.show")}</Button>
          <Button variant="subtle" onClick={resetFilters} disabled={count === 0}>
            {t("filters.reset")}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}

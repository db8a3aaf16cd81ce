import { lazy, Suspense, useState } from "react";
import { Badge, Button, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { LineIcon } from "@/shared/ui/icons";
import type { CatalogueFilterControls } from "../hooks/use-catalogue-filters";
import { activeFilterCount } from "../lib/listing-filters";
import classes from "./catalogue-toolbar.module.css";
import { ListingFilterFields } from "./listing-filter-fields";
import { SortSelect } from "./sort-select";

/** Narrower than this (a phone), the filters fold into a drawer; the order stays in view. */
const DRAWER_BELOW_PX = 768;

// Issue 24: the drawer's modal machinery (focus trap, scroll lock, scroll area) is some 20 kB that a wide screen
// never uses and a phone only needs once its Filters button is pressed.
const FiltersSheet = lazy(() => import("./filters-sheet").then((module) => ({ default: module.FiltersSheet })));

function FiltersIcon() {
  return (
    <LineIcon size={18}>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </LineIcon>
  );
}

type CatalogueToolbarProps = Pick<CatalogueFilterControls, "query" | "filters" | "setFilters" | "resetFilters">;

/** A listing's order and filters: in a bar above the grid, or on a phone the order and a Filters button. */
export function CatalogueToolbar({ query, filters, setFilters, resetFilters }: CatalogueToolbarProps) {
  const { t } = useTranslation("home");
  const phone = useIsBelow(DRAWER_BELOW_PX);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const count = activeFilterCount(filters);
  const sort = (
    <SortSelect sort={filters.sort} searching={query !== ""} onChange={(next) => setFilters({ sort: next })} />
  );

  if (!phone) {
    return (
      <div className={classes.bar}>
        {sort}
        <ListingFilterFields filters={filters} onChange={setFilters} layout="row" />
        {count > 0 && (
          <Button variant="subtle" className={classes.reset} onClick={resetFilters}>
            {t("filters.reset")}
          </Button>
        )}
      </div>
    );
  }

  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <div className={classes.grow}>{sort}</div>
      <Button
        variant="default"
        leftSection={<FiltersIcon />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle aria-hidden="true">
              {count}
            </Badge>
          ) : null
        }
        aria-label={count > 0 ? t("filters.openActive", { number: count }) : t("filters.open")}
        onClick={() => {
          setSheetLoaded(true);
          drawer.open();
        }}
        className={classes.keep}
      >
        {t("filters.open")}
      </Button>
      {sheetLoaded && (
        <Suspense fallback={null}>
          <FiltersSheet
            opened={drawerOpened}
            onClose={drawer.close}
            filters={filters}
            setFilters={setFilters}
            resetFilters={resetFilters}
            count={count}
          />
        </Suspense>
      )}
    </Group>
  );
}

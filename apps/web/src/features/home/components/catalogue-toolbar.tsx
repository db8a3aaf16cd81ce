import { Badge, Button, Drawer, Group, Stack } from "@mantine/core";
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
        onClick={drawer.open}
        className={classes.keep}
      >
        {t("filters.open")}
      </Button>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="bottom"
        title={t("filters.title")}
        classNames={{ content: classes.sheet }}
      >
        <Stack gap="md">
          <ListingFilterFields filters={filters} onChange={setFilters} layout="column" />
          <Stack gap="xs">
            <Button onClick={drawer.close}>{t("filters.show")}</Button>
            <Button variant="subtle" onClick={resetFilters} disabled={count === 0}>
              {t("filters.reset")}
            </Button>
          </Stack>
        </Stack>
      </Drawer>
    </Group>
  );
}

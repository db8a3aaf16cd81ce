import { lazy, Suspense } from "react";
import { Stack } from "@mantine/core";
import { useCatalogueFilters } from "../hooks/use-catalogue-filters";
import type { CatalogueScope } from "../hooks/use-catalogue";
import classes from "./catalogue-listing.module.css";
import { CatalogueResults } from "./catalogue-results";
import { SearchField } from "./search-field";

// The order and the filters bring Mantine's Select, NumberInput, Checkbox and Drawer, about 50 KiB gzip that every
// visitor's first page would otherwise wait for. Their code starts downloading as soon as this module runs, beside
// the catalogue request, so the cards never wait for it; until it is there a block of the toolbar's height keeps
// the grid where it will stay.
const catalogueToolbar = import("./catalogue-toolbar");
const CatalogueToolbar = lazy(() => catalogueToolbar.then((module) => ({ default: module.CatalogueToolbar })));

interface CatalogueListingProps {
  scope: CatalogueScope;
  /** The search box's hint, e.g. naming the game it searches in. */
  searchPlaceholder?: string;
}

/** A listing with its search, order and filters, all kept in the address: the home's and each game page's. */
export function CatalogueListing({ scope, searchPlaceholder }: CatalogueListingProps) {
  const controls = useCatalogueFilters();
  return (
    <Stack gap="md">
      <div role="search">
        <SearchField query={controls.query} onSearch={controls.setQuery} placeholder={searchPlaceholder} />
      </div>
      <Suspense fallback={<div className={classes.toolbarPlaceholder} />}>
        <CatalogueToolbar {...controls} />
      </Suspense>
      <CatalogueResults
        source={{ query: controls.query, scope, filters: controls.filters }}
        onReset={controls.reset}
        onResetFilters={controls.resetFilters}
      />
    </Stack>
  );
}

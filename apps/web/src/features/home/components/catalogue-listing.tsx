import { Stack } from "@mantine/core";
import { useCatalogueFilters } from "../hooks/use-catalogue-filters";
import type { CatalogueScope } from "../hooks/use-catalogue";
import { CatalogueResults } from "./catalogue-results";
import { CatalogueToolbar } from "./catalogue-toolbar";
import { SearchField } from "./search-field";

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
      <CatalogueToolbar {...controls} />
      <CatalogueResults
        source={{ query: controls.query, scope, filters: controls.filters }}
        onReset={controls.reset}
        onResetFilters={controls.resetFilters}
      />
    </Stack>
  );
}

import { Alert, Button, Card, Center, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { toApiError } from "@/shared/api/api-error";
import { ProductGrid } from "@/shared/catalog/product-grid";
import { ProductGridSkeleton } from "@/shared/catalog/product-grid-skeleton";
import { describeError } from "@/shared/errors/error-message";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { useCatalogue, type CatalogueSource } from "../hooks/use-catalogue";
import { activeFilterCount } from "../lib/listing-filters";
import { CatalogueEmptyState } from "./catalogue-empty-state";

interface CatalogueResultsProps {
  source: CatalogueSource;
  /** Clears the search and every filter. */
  onReset: () => void;
  /** Clears the filters, keeping the search and the order. */
  onResetFilters: () => void;
}

/** The API refused the filters (422): what it said of each, and a way back to a listing it takes. */
function RefusedFilters({ error, onReset }: { error: unknown; onReset: () => void }) {
  const { t } = useTranslation("home");
  const { fieldErrors = [] } = toApiError(error);
  return (
    <Alert color="red" title={t("filters.refusedTitle")} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {fieldErrors.length > 0 && (
          <List size="sm">
            {fieldErrors.map(({ field, message }) => (
              <List.Item key={field}>
                {field}: {message}
              </List.Item>
            ))}
          </List>
        )}
        <Button variant="light" color="red" onClick={onReset}>
          {t("filters.reset")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The cards for the current search, scope and filters, 30 at a time, with their loading, empty and error states. */
export function CatalogueResults({ source, onReset, onResetFilters }: CatalogueResultsProps) {
  const { t } = useTranslation("home");
  const catalogue = useCatalogue(source);

  if (catalogue.isPending) return <ProductGridSkeleton />;
  if (catalogue.isError && !catalogue.data) {
    if (toApiError(catalogue.error).status === 422)
      return <RefusedFilters error={catalogue.error} onReset={onResetFilters} />;
    return (
      <LoadErrorAlert
        title={t("catalogue.errorTitle")}
        error={catalogue.error}
        onRetry={() => void catalogue.refetch()}
      />
    );
  }
  if (catalogue.data.length === 0 && !catalogue.isPlaceholderData) {
    return (
      <Card>
        <CatalogueEmptyState
          query={source.query}
          filtered={activeFilterCount(source.filters) > 0}
          scoped={source.scope.kind !== "all"}
          onReset={onReset}
          onResetFilters={onResetFilters}
        />
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      {/* The previous results stay in view, faded, until the new ones arrive. */}
      <div
        aria-busy={catalogue.isPlaceholderData}
        style={{ opacity: catalogue.isPlaceholderData ? 0.5 : 1, transition: "opacity 150ms" }}
      >
        <ProductGrid products={catalogue.data} />
      </div>
      {catalogue.isFetchNextPageError && (
        <Text c="red.9" size="sm" ta="center" role="alert">
          {describeError(catalogue.error)}
        </Text>
      )}
      {catalogue.hasNextPage && !catalogue.isPlaceholderData && (
        <Center>
          <Button
            variant="default"
            size="md"
            loading={catalogue.isFetchingNextPage}
            onClick={() => void catalogue.fetchNextPage()}
          >
            {t("catalogue.loadMore")}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

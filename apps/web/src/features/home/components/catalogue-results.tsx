import { Button, Card, Center, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProductGrid } from "@/shared/catalog/product-grid";
import { ProductGridSkeleton } from "@/shared/catalog/product-grid-skeleton";
import { describeError } from "@/shared/errors/error-message";
import { useCatalogue } from "../hooks/use-catalogue";
import { CatalogueEmptyState } from "./catalogue-empty-state";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

interface CatalogueResultsProps {
  query: string;
  categoryId: string | undefined;
  onReset: () => void;
}

/** The cards for the current search and filters, 30 at a time, with their loading, empty and error states. */
export function CatalogueResults({ query, categoryId, onReset }: CatalogueResultsProps) {
  const { t } = useTranslation("home");
  const catalogue = useCatalogue({ query, categoryId });

  if (catalogue.isPending) return <ProductGridSkeleton />;
  if (catalogue.isError && !catalogue.data) {
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
        <CatalogueEmptyState query={query} filtered={categoryId !== undefined} onReset={onReset} />
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
        <Text c="red" size="sm" ta="center" role="alert">
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

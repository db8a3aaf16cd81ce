import { Button, EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BoxIcon } from "@/shared/ui/icons";

interface CatalogueEmptyStateProps {
  /** The search that found nothing, if any. */
  query: string;
  /** Some filter narrows the listing. */
  filtered: boolean;
  /** The listing is one game's or one kind of goods'. */
  scoped: boolean;
  /** Clears the search and filters: offered after a search that found nothing. */
  onReset: () => void;
  /** Clears the filters: offered when they alone leave nothing. */
  onResetFilters: () => void;
}

/**
 * What a listing shows when it has no card: nothing found for a search, nothing matching the filters, nothing in
 * a game or kind of goods, or nothing listed at all.
 */
export function CatalogueEmptyState({ query, filtered, scoped, onReset, onResetFilters }: CatalogueEmptyStateProps) {
  const { t } = useTranslation("home");
  const texts = query
    ? { title: t("catalogue.notFoundTitle", { query }), description: t("catalogue.notFoundText") }
    : filtered
      ? { title: t("catalogue.noMatchTitle"), description: t("catalogue.noMatchText") }
      : scoped
        ? { title: t("catalogue.emptyCategoryTitle"), description: t("catalogue.emptyCategoryText") }
        : { title: t("catalogue.emptyTitle"), description: t("catalogue.emptyText") };
  return (
    <EmptyState
      variant="light"
      icon={<BoxIcon size={28} />}
      title={texts.title}
      description={texts.description}
      py="xl"
    >
      {(query || filtered) && (
        <EmptyState.Actions>
          <Button variant="light" onClick={query ? onReset : onResetFilters}>
            {query ? t("catalogue.reset") : t("filters.reset")}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

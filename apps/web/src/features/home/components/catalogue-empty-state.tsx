import { Button, EmptyState } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BoxIcon } from "@/shared/ui/icons";

interface CatalogueEmptyStateProps {
  /** The search that found nothing, if any. */
  query?: string;
  /** A game or kind of goods is chosen. */
  filtered?: boolean;
  /** Clears the search and filters; offered only when there is something to clear. */
  onReset?: () => void;
}

/** What the catalogue shows when it has no card: nothing listed yet, nothing in a category, or nothing found. */
export function CatalogueEmptyState({ query, filtered = false, onReset }: CatalogueEmptyStateProps) {
  const { t } = useTranslation("home");
  const texts = query
    ? { title: t("catalogue.notFoundTitle", { query }), description: t("catalogue.notFoundText") }
    : filtered
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
      {onReset && (query || filtered) && (
        <EmptyState.Actions>
          <Button variant="light" onClick={onReset}>
            {t("catalogue.reset")}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

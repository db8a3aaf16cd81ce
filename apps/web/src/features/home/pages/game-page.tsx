import type { ReactNode } from "react";
import { Group, Skeleton, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { toApiError } from "@/shared/api/api-error";
import { useCategoryText } from "@/shared/catalog/categories";
import { ProductGridSkeleton } from "@/shared/catalog/product-grid-skeleton";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { CatalogueListing } from "../components/catalogue-listing";
import { GameHeader } from "../components/game-header";
import { GameTabs } from "../components/game-tabs";
import { useCatalogueFilters } from "../hooks/use-catalogue-filters";
import type { CatalogueScope } from "../hooks/use-catalogue";
import { useGamePage } from "../hooks/use-game-page";

interface GamePageProps {
  /** The app's not-found screen, shown for an unknown game or kind of goods. */
  notFound: ReactNode;
}

function GamePageSkeleton() {
  return (
    <Stack gap="lg" aria-hidden="true">
      <Group gap="lg" wrap="nowrap">
        <Skeleton w={96} h={96} radius="md" />
        <Stack gap="sm" flex={1}>
          <Skeleton h={32} w="40%" />
          <Skeleton h={16} w="80%" />
        </Stack>
      </Group>
      <Skeleton h={36} w="60%" radius="xl" />
      <ProductGridSkeleton />
    </Stack>
  );
}

/**
 * /games/{gameSlug} and /games/{gameSlug}/{subcategorySlug} (issue 21): the game, its kinds of goods as tabs with
 * their counts, and the listing of the game or the chosen kind with the catalogue's search, order and filters.
 */
export function GamePage({ notFound }: GamePageProps) {
  const { t } = useTranslation("home");
  const { t: tc } = useTranslation("common");
  const { gameSlug = "", subcategorySlug } = useParams();
  const { name } = useCategoryText();
  const { carried } = useCatalogueFilters();
  const page = useGamePage(gameSlug);
  const subcategory = subcategorySlug
    ? page.data?.subcategories.find((candidate) => candidate.slug === subcategorySlug)
    : undefined;
  const heading = page.data ? [subcategory && name(subcategory), name(page.data.game)].filter(Boolean).join(" · ") : "";
  useDocumentTitle(heading ? tc("documentTitle", { title: heading }) : "");

  if (page.isPending) return <GamePageSkeleton />;
  if (page.isError) {
    if (toApiError(page.error).status === 404) return notFound;
    return <LoadErrorAlert title={t("game.errorTitle")} error={page.error} onRetry={() => void page.refetch()} />;
  }
  if (subcategorySlug && !subcategory) return notFound;

  const { game, product_count, subcategories } = page.data;
  const scope: CatalogueScope = subcategory
    ? { kind: "subcategory", gameSlug: game.slug, subcategorySlug: subcategory.slug, subcategoryId: subcategory.id }
    : { kind: "game", gameId: game.id };
  return (
    <Stack gap="lg">
      <GameHeader game={game} subcategory={subcategory} />
      {subcategories.length > 0 && (
        <GameTabs
          gameSlug={game.slug}
          productCount={product_count}
          subcategories={subcategories}
          activeSlug={subcategory?.slug}
          carried={carried}
        />
      )}
      <CatalogueListing
        scope={scope}
        searchPlaceholder={t("game.searchPlaceholder", { name: name(subcategory ?? game) })}
      />
    </Stack>
  );
}

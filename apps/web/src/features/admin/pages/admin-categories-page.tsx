import { useRef, useState } from "react";
import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Category } from "@lootlane/contract";
import { useAdminCategories } from "../api/admin-categories";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { PageTitle } from "@/shared/ui/page-title";
import { CategoryFormModal } from "../components/categories/category-form-modal";
import { CategoryListSkeleton } from "../components/categories/category-list-skeleton";
import { CategoryPanel } from "../components/categories/category-panel";
import { GameList } from "../components/categories/game-list";
import { SubcategoryList } from "../components/categories/subcategory-list";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** Below this width the two columns stack (Mantine's `md`), and choosing a game scrolls to its subcategories. */
const TWO_COLUMNS_PX = 992;

/** The add dialog: open or not, and the game a subcategory is added to (null: a new game). */
interface AddDialog {
  opened: boolean;
  parent: Category | null;
}

/**
 * /admin/categories (SPEC §2 Admin categories): the games on the left, the chosen game's subcategories on the
 * right (stacked on a phone), and a dialog to add either; each can be edited, moved, hidden or deleted. Both come
 * from the admins' list, which holds hidden ones too. The chosen game is kept in the address (`?game=id`).
 */
export function AdminCategoriesPage() {
  const { t } = useTranslation("adminCatalog");
  const categories = useAdminCategories();
  const games = {
    ...categories,
    data: categories.data?.filter((category) => category.parent_id === undefined),
  };
  const [params, setParams] = useSearchParams();
  // The parent outlives closing, so the dialog keeps its title while it fades out.
  const [dialog, setDialog] = useState<AddDialog>({ opened: false, parent: null });
  const stacked = useIsBelow(TWO_COLUMNS_PX);
  const subcategoriesPanel = useRef<HTMLDivElement>(null);

  const selected = games.data?.find((game) => game.id === params.get("game")) ?? null;

  function select(game: Category) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("game", game.id);
      return next;
    });
    if (stacked) subcategoriesPanel.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  return (
    <Stack gap={0}>
      <PageTitle>{t("categories.title")}</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: "start" }}>
        <CategoryPanel
          title={t("categories.games")}
          action={
            <Button size="xs" onClick={() => setDialog({ opened: true, parent: null })}>
              {t("categories.addCategory")}
            </Button>
          }
        >
          {games.isPending ? (
            <CategoryListSkeleton />
          ) : games.isError ? (
            <LoadErrorAlert
              title={t("categories.errorLoadingGames")}
              error={games.error}
              onRetry={() => void games.refetch()}
            />
          ) : (
            <GameList games={games.data ?? []} selectedId={selected?.id ?? null} onSelect={select} />
          )}
        </CategoryPanel>
        <CategoryPanel
          ref={subcategoriesPanel}
          title={selected ? t("categories.subcategoriesOf", { game: selected.name }) : t("categories.subcategories")}
          action={
            <Button
              size="xs"
              variant="light"
              disabled={!selected}
              onClick={() => setDialog({ opened: true, parent: selected })}
            >
              {t("categories.addSubcategory")}
            </Button>
          }
        >
          {selected ? (
            <SubcategoryList
              key={selected.id}
              game={selected}
              subcategories={(categories.data ?? []).filter((category) => category.parent_id === selected.id)}
            />
          ) : (
            <Text c="dimmed" ta="center" py="lg">
              {t("categories.selectGame")}
            </Text>
          )}
        </CategoryPanel>
      </SimpleGrid>
      <CategoryFormModal
        opened={dialog.opened}
        parent={dialog.parent}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
    </Stack>
  );
}

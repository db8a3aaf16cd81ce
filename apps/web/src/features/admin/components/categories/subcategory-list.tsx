import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Category } from "@lootlane/contract";
import { useSubcategories } from "@/shared/catalog/categories";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { CategoryListSkeleton } from "./category-list-skeleton";
import { CategoryGuaranteeField } from "./category-guarantee-field";
import { CategoryRow } from "./category-row";

/** The chosen game's guarantee period, then its subcategories (kinds of goods), loaded when the game is chosen. */
export function SubcategoryList({ game }: { game: Category }) {
  return (
    <Stack gap="md">
      <CategoryGuaranteeField key={game.id} category={game} />
      <Subcategories game={game} />
    </Stack>
  );
}

function Subcategories({ game }: { game: Category }) {
  const { t } = useTranslation("adminCatalog");
  const subcategories = useSubcategories(game.id);

  if (subcategories.isPending) return <CategoryListSkeleton count={3} />;
  if (subcategories.isError) {
    return (
      <LoadErrorAlert
        title={t("categories.errorLoadingSubcategories")}
        error={subcategories.error}
        onRetry={() => void subcategories.refetch()}
      />
    );
  }
  if (subcategories.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t("categories.noSubcategories", { game: game.name })}
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="md"
      m={0}
      p={0}
      aria-label={t("categories.subcategoriesOf", { game: game.name })}
      style={{ listStyle: "none" }}
    >
      {subcategories.data.map((subcategory) => (
        <li key={subcategory.id}>
          <Stack gap="xs">
            <CategoryRow category={subcategory} />
            <CategoryGuaranteeField category={subcategory} />
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Category } from "@lootlane/contract";
import { CategoryActions } from "./category-actions";
import { CategoryGuaranteeField } from "./category-guarantee-field";
import { CategoryRow } from "./category-row";

interface SubcategoryListProps {
  game: Category;
  /** The game's kinds of goods, hidden ones too, in the admin's order. */
  subcategories: Category[];
}

/** The chosen game's guarantee period, then its subcategories (kinds of goods) with their controls. */
export function SubcategoryList({ game, subcategories }: SubcategoryListProps) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Stack gap="md">
      <CategoryGuaranteeField key={game.id} category={game} />
      {subcategories.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t("categories.noSubcategories", { game: game.name })}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="md"
          m={0}
          p={0}
          aria-label={t("categories.subcategoriesOf", { game: game.name })}
          style={{ listStyle: "none" }}
        >
          {subcategories.map((subcategory) => (
            <li key={subcategory.id}>
              <Stack gap="xs">
                <CategoryRow category={subcategory} />
                <CategoryGuaranteeField category={subcategory} />
                <CategoryActions category={subcategory} siblings={subcategories} />
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

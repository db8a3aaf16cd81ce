import { Anchor, Box, Breadcrumbs, Text } from "@mantine/core";
import type { Category } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useGames } from "@/shared/catalog/categories";

/** "Game › kind of goods", each opening the catalogue filtered to it; the game's name comes from the games list. */
export function ProductCategory({ category }: { category: Category }) {
  const { t } = useTranslation("products");
  const games = useGames();
  const game = category.parent_id ? games.data?.find((candidate) => candidate.id === category.parent_id) : undefined;
  const own = game ? `/?game=${game.id}&subcategory=${category.id}` : `/?game=${category.id}`;
  return (
    <Box component="nav" aria-label={t("details.category")}>
      <Breadcrumbs separator="›" separatorMargin={6}>
        {game && (
          <Anchor component={Link} to={`/?game=${game.id}`} size="sm">
            {game.name}
          </Anchor>
        )}
        {/* A subcategory whose game is still loading is shown, but only linked once the filter can be whole. */}
        {category.parent_id && !game ? (
          <Text size="sm">{category.name}</Text>
        ) : (
          <Anchor component={Link} to={own} size="sm">
            {category.name}
          </Anchor>
        )}
      </Breadcrumbs>
    </Box>
  );
}

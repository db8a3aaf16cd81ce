import { Anchor, Box, Breadcrumbs, Text } from "@mantine/core";
import type { Category } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCategoryText, useGames } from "@/shared/catalog/categories";

/** "Game › kind of goods", each opening its game page; the game's slug and names come from the games list. */
export function ProductCategory({ category }: { category: Category }) {
  const { t } = useTranslation("products");
  const { name } = useCategoryText();
  const games = useGames();
  const game = category.parent_id ? games.data?.find((candidate) => candidate.id === category.parent_id) : undefined;
  const own = game ? `/games/${game.slug}/${category.slug}` : `/games/${category.slug}`;
  return (
    <Box component="nav" aria-label={t("details.category")}>
      <Breadcrumbs separator="›" separatorMargin={6}>
        {game && (
          <Anchor component={Link} to={`/games/${game.slug}`} size="sm">
            {name(game)}
          </Anchor>
        )}
        {/* A subcategory whose game is still loading is shown, but only linked once its address is known. */}
        {category.parent_id && !game ? (
          <Text size="sm">{name(category)}</Text>
        ) : (
          <Anchor component={Link} to={own} size="sm">
            {name(category)}
          </Anchor>
        )}
      </Breadcrumbs>
    </Box>
  );
}

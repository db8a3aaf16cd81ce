import { AspectRatio, Image, Skeleton, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCategoryText, useGames } from "@/shared/catalog/categories";
import { LayersIcon } from "@/shared/ui/icons";
import { useCatalogueFilters } from "../hooks/use-catalogue-filters";
import classes from "./game-tiles.module.css";

const SKELETON_TILES = 6;

/**
 * Every game as a tile with its cover and name, each opening the game's page. A search and filters chosen below
 * go along, so a visitor narrows the same search to one game.
 */
export function GameTiles() {
  const { t } = useTranslation("home");
  const { name } = useCategoryText();
  const games = useGames();
  const { carried } = useCatalogueFilters();
  if (games.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t("games.error")}
      </Text>
    );
  }
  return (
    <section aria-labelledby="games-title">
      <Title order={2} id="games-title" fz="h3" mb="md">
        {t("games.title")}
      </Title>
      <ul className={classes.tiles}>
        {games.data
          ? games.data.map((game) => (
              <li key={game.id}>
                <Link to={`/games/${game.slug}${carried}`} className={classes.tile}>
                  <AspectRatio ratio={1}>
                    {game.image_url ? (
                      // The name below says which game it is.
                      <Image src={game.image_url} alt="" radius="md" loading="lazy" />
                    ) : (
                      <div className={classes.placeholder}>
                        <LayersIcon size={32} />
                      </div>
                    )}
                  </AspectRatio>
                  <Text fw={600} size="sm" ta="center" lineClamp={2} mt={6}>
                    {name(game)}
                  </Text>
                </Link>
              </li>
            ))
          : Array.from({ length: SKELETON_TILES }, (_, index) => (
              <li key={index} aria-hidden="true">
                <Skeleton radius="md" className={classes.skeleton} />
              </li>
            ))}
      </ul>
    </section>
  );
}

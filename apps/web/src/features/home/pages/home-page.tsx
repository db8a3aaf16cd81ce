import { Stack, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { CatalogueListing } from "../components/catalogue-listing";
import { GameTiles } from "../components/game-tiles";
import { HomeHero } from "../components/home-hero";
import { useLegacyGameAddress } from "../hooks/use-legacy-game-address";

/** / (SPEC §2 Home): the hero, every game, then the catalogue with its search, order and filters. */
export function HomePage() {
  const { t } = useTranslation("home");
  // The brand is the same in every language; other pages add their own name in front of it.
  useDocumentTitle("Lootlane");
  const gameAddress = useLegacyGameAddress();
  if (gameAddress) return <Navigate to={gameAddress} replace />;
  return (
    <Stack gap="xl">
      <HomeHero />
      <GameTiles />
      <Stack gap="md" component="section" aria-labelledby="catalogue-title">
        <Title order={2} id="catalogue-title" fz="h3">
          {t("catalogue.title")}
        </Title>
        <CatalogueListing scope={{ kind: "all" }} />
      </Stack>
    </Stack>
  );
}

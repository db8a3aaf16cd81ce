import { Card, Stack, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { CatalogueEmptyState } from "../components/catalogue-empty-state";
import { HomeHero } from "../components/home-hero";

/** / (SPEC §2 Home): the hero, then the catalogue. */
export function HomePage() {
  const { t } = useTranslation("home");
  // The brand is the same in every language; other pages add their own name in front of it.
  useDocumentTitle("Lootlane");
  return (
    <Stack gap="xl">
      <HomeHero />
      <Stack gap="md" component="section" aria-labelledby="catalogue-title">
        <Title order={2} id="catalogue-title" fz="h3">
          {t("catalogue.title")}
        </Title>
        <Card>
          <CatalogueEmptyState />
        </Card>
      </Stack>
    </Stack>
  );
}

import { Stack, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { CatalogueFilters } from "../components/catalogue-filters";
import { CatalogueResults } from "../components/catalogue-results";
import { HomeHero } from "../components/home-hero";
import { useCatalogueFilters } from "../hooks/use-catalogue-filters";

/** / (SPEC §2 Home): the hero, then the catalogue with its search and filters. */
export function HomePage() {
  const { t } = useTranslation("home");
  // The brand is the same in every language; other pages add their own name in front of it.
  useDocumentTitle("Lootlane");
  const filters = useCatalogueFilters();
  return (
    <Stack gap="xl">
      <HomeHero />
      <Stack gap="md" component="section" aria-labelledby="catalogue-title">
        <Title order={2} id="catalogue-title" fz="h3">
          {t("catalogue.title")}
        </Title>
        <CatalogueFilters {...filters} />
        <CatalogueResults
          query={filters.query}
          categoryId={filters.subcategoryId ?? filters.gameId}
          onReset={filters.reset}
        />
      </Stack>
    </Stack>
  );
}

import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useGames, useSubcategories } from "@/shared/catalog/categories";
import type { useCatalogueFilters } from "../hooks/use-catalogue-filters";
import classes from "./catalogue-filters.module.css";
import { SearchField } from "./search-field";

type CatalogueFiltersProps = ReturnType<typeof useCatalogueFilters>;

/** Search, game and (once a game is chosen) the kind of goods. */
export function CatalogueFilters({ query, gameId, subcategoryId, setQuery, setGame, setSubcategory }: CatalogueFiltersProps) {
  const { t } = useTranslation("home");
  const games = useGames();
  const subcategories = useSubcategories(gameId);
  const subcategoryOptions = subcategories.data?.map((category) => ({ value: category.id, label: category.name })) ?? [];
  return (
    <div className={classes.filters} role="search">
      <div className={classes.search}>
        <SearchField query={query} onSearch={setQuery} />
      </div>
      <Select
        className={classes.select}
        aria-label={t("filters.game")}
        placeholder={t("filters.allGames")}
        data={games.data?.map((game) => ({ value: game.id, label: game.name })) ?? []}
        value={gameId ?? null}
        onChange={setGame}
        disabled={!games.data}
        error={games.isError ? t("filters.gamesError") : undefined}
        searchable
        clearable
        nothingFoundMessage={t("filters.nothingFound")}
        size="md"
      />
      {/* A game without kinds of goods has nothing to narrow down to. */}
      {gameId && subcategoryOptions.length > 0 && (
        <Select
          className={classes.select}
          aria-label={t("filters.subcategory")}
          placeholder={t("filters.allSubcategories")}
          data={subcategoryOptions}
          value={subcategoryId ?? null}
          onChange={setSubcategory}
          searchable
          clearable
          nothingFoundMessage={t("filters.nothingFound")}
          size="md"
        />
      )}
    </div>
  );
}

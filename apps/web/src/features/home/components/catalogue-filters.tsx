import { lazy, Suspense, type ComponentProps } from "react";
import { ComboboxChevron, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useGames, useSubcategories } from "@/shared/catalog/categories";
import type { useCatalogueFilters } from "../hooks/use-catalogue-filters";
import classes from "./catalogue-filters.module.css";
import { SearchField } from "./search-field";

type CatalogueFiltersProps = ReturnType<typeof useCatalogueFilters>;

// Mantine's Select brings its whole dropdown machinery (about 30 KiB gzip). It downloads as soon as this module
// runs, beside the catalogue request rather than before the page can render; the game list it offers is not
// there any sooner.
const catalogueSelect = import("./catalogue-select");
const CatalogueSelect = lazy(() => catalogueSelect.then((module) => ({ default: module.CatalogueSelect })));

/** The select, or until its code is there a disabled box of the same size and text, so nothing moves when it arrives. */
function LazySelect(props: ComponentProps<typeof CatalogueSelect>) {
  const placeholder = (
    <TextInput
      className={props.className}
      aria-label={props["aria-label"]}
      placeholder={props.placeholder}
      size="md"
      rightSection={<ComboboxChevron size="md" />}
      rightSectionPointerEvents="none"
      disabled
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <CatalogueSelect {...props} />
    </Suspense>
  );
}

/** Search, game and (once a game is chosen) the kind of goods. */
export function CatalogueFilters({
  query,
  gameId,
  subcategoryId,
  setQuery,
  setGame,
  setSubcategory,
}: CatalogueFiltersProps) {
  const { t } = useTranslation("home");
  const games = useGames();
  const subcategories = useSubcategories(gameId);
  const subcategoryOptions =
    subcategories.data?.map((category) => ({ value: category.id, label: category.name })) ?? [];
  return (
    <div className={classes.filters} role="search">
      <div className={classes.search}>
        <SearchField query={query} onSearch={setQuery} />
      </div>
      <LazySelect
        className={classes.select}
        aria-label={t("filters.game")}
        placeholder={t("filters.allGames")}
        data={games.data?.map((game) => ({ value: game.id, label: game.name })) ?? []}
        value={gameId ?? null}
        onChange={setGame}
        disabled={!games.data}
        error={games.isError ? t("filters.gamesError") : undefined}
        nothingFoundMessage={t("filters.nothingFound")}
      />
      {/* A game without kinds of goods has nothing to narrow down to. */}
      {gameId && subcategoryOptions.length > 0 && (
        <LazySelect
          className={classes.select}
          aria-label={t("filters.subcategory")}
          placeholder={t("filters.allSubcategories")}
          data={subcategoryOptions}
          value={subcategoryId ?? null}
          onChange={setSubcategory}
          nothingFoundMessage={t("filters.nothingFound")}
        />
      )}
    </div>
  );
}

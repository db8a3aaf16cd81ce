import { Stack, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Category } from "@lootlane/contract";
import { CategoryActions } from "./category-actions";
import { CategoryRow } from "./category-row";

interface GameListProps {
  games: Category[];
  selectedId: string | null;
  onSelect: (game: Category) => void;
}

/** The games (top-level categories) in the admin's order; the pressed one's subcategories show in the other column. */
export function GameList({ games, selectedId, onSelect }: GameListProps) {
  const { t } = useTranslation("adminCatalog");
  if (games.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t("categories.noGames")}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={4} m={0} p={0} aria-label={t("categories.games")} style={{ listStyle: "none" }}>
      {games.map((game) => {
        const selected = game.id === selectedId;
        return (
          <Stack component="li" key={game.id} gap={4}>
            <UnstyledButton
              onClick={() => onSelect(game)}
              aria-pressed={selected}
              w="100%"
              p="xs"
              bg={selected ? "indigo.0" : undefined}
              style={{
                borderRadius: "var(--mantine-radius-md)",
                outlineOffset: -2,
                boxShadow: selected ? "inset 3px 0 0 var(--mantine-color-indigo-6)" : undefined,
              }}
            >
              <CategoryRow category={game} />
            </UnstyledButton>
            <CategoryActions category={game} siblings={games} />
          </Stack>
        );
      })}
    </Stack>
  );
}

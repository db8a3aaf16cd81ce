import { Group, Image, Stack, Text, Title } from "@mantine/core";
import type { Category } from "@lootlane/contract";
import { useCategoryText } from "@/shared/catalog/categories";

/** The game's cover, name and description, or its kind of goods' description once a tab is chosen. */
export function GameHeader({ game, subcategory }: { game: Category; subcategory: Category | undefined }) {
  const { name, description } = useCategoryText();
  const text = description(subcategory ?? game);
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      {game.image_url && (
        // The heading beside it names the game.
        <Image src={game.image_url} alt="" w={{ base: 72, sm: 96 }} h={{ base: 72, sm: 96 }} radius="md" />
      )}
      <Stack gap={4} miw={0}>
        <Title order={1} fz={{ base: "h3", sm: "h1" }}>
          {name(game)}
          {subcategory && (
            <Text span inherit c="dimmed" fw={500}>
              {" · "}
              {name(subcategory)}
            </Text>
          )}
        </Title>
        {text && (
          <Text c="dimmed" fz={{ base: "sm", sm: "md" }}>
            {text}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

import { Badge, Box, Group, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Category } from "@lootlane/contract";
import { LayersIcon } from "@/shared/ui/icons";

/**
 * A category's picture, name and description, each with its Russian one beneath when the admin gave one (the same
 * text twice would only say that there is none): one line of either column. A hidden one is marked.
 */
export function CategoryRow({ category }: { category: Category }) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {category.image_url ? (
        // The name beside it says what it shows.
        <Image src={category.image_url} alt="" w={48} h={48} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
      ) : (
        <Box
          w={48}
          h={48}
          bg="gray.1"
          c="gray.5"
          style={{
            flexShrink: 0,
            borderRadius: "var(--mantine-radius-sm)",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          <LayersIcon size={22} />
        </Box>
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {category.name}
          </Text>
          {category.hidden && (
            <Badge size="sm" color="gray" variant="outline">
              {t("categories.hiddenBadge")}
            </Badge>
          )}
        </Group>
        {category.name_ru !== category.name && (
          <Text fw={500} size="sm" lang="ru" style={{ overflowWrap: "anywhere" }}>
            {category.name_ru}
          </Text>
        )}
        <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
          {category.description || t("categories.noDescription")}
        </Text>
        {category.description_ru !== category.description && (
          <Text size="sm" c="dimmed" lineClamp={2} lang="ru" style={{ overflowWrap: "anywhere" }}>
            {category.description_ru}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

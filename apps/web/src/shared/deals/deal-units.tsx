import { Code, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCount } from "@/shared/format/number";
import { CopyIconButton, CopyTextButton } from "@/shared/ui/copy-text-button";

/**
 * The units a deal delivered (keys, logins, codes), one per row, each with its own copy icon and, for several,
 * Copy all (one per line, as a seller's list reads). Exact characters: a unit is shown as it will be pasted.
 */
export function DealUnits({ items }: { items: readonly string[] }) {
  const { t } = useTranslation("common");
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed">
          {t("dealUnits.title", { count: items.length, total: formatCount(items.length) })}
        </Text>
        {items.length > 1 && (
          <CopyTextButton value={items.join("\n")} label={t("dealUnits.copyAll")} text={t("copy.all")} />
        )}
      </Group>
      <Stack component="ol" gap={4} m={0} p={0} aria-label={t("dealUnits.listLabel")} style={{ listStyle: "none" }}>
        {items.map((item, index) => (
          <Group component="li" key={index} gap={4} wrap="nowrap" align="center">
            <Code block flex={1} miw={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {item}
            </Code>
            <CopyIconButton value={item} label={t("dealUnits.copyOne", { index: index + 1 })} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

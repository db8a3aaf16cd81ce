import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ShieldCheckIcon } from "@/shared/ui/icons";

/**
 * The guarantee a buyer gets before buying (issue 22): for this many days after receipt they may still open a
 * dispute, and the seller is paid only when it ends. Nothing for goods without one.
 */
export function ProductGuarantee({ days }: { days: number }) {
  const { t } = useTranslation("products");
  if (days === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <ShieldCheckIcon size={18} />
      <Text size="sm">
        <Text span fw={600}>
          {t("guarantee.title", { count: days })}
        </Text>{" "}
        <Text span c="dimmed" size="sm">
          {t("guarantee.hint")}
        </Text>
      </Text>
    </Group>
  );
}

import { Code, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CopyTextButton } from "@/shared/ui/copy-text-button";

interface DealGoodsProps {
  goods: string;
  /** What the text is: the product data (the default), or the seller's note beside the units. */
  kind?: "goods" | "note";
}

/** The goods (account, key, item data) or the seller's note, as the buyer received them: exact characters, one click to copy. */
export function DealGoods({ goods, kind = "goods" }: DealGoodsProps) {
  const { t } = useTranslation("chats");
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t(kind === "goods" ? "purchase.goods" : "purchase.note")}
        </Text>
        <CopyTextButton value={goods} label={t(kind === "goods" ? "purchase.copyLabel" : "purchase.copyNote")} />
      </Group>
      <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {goods}
      </Code>
    </Stack>
  );
}

import { Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** How long "Copied" stays before the button offers to copy again. */
const COPIED_FOR_MS = 2000;

/** The goods (account, key, item data) as the buyer received them: exact characters, one click to copy. */
export function DealGoods({ goods }: { goods: string }) {
  const { t } = useTranslation("chats");
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t("purchase.goods")}
        </Text>
        <CopyButton value={goods} timeout={COPIED_FOR_MS}>
          {({ copied, copy }) => (
            // Short on screen, so it fits beside the label on a phone in Russian too; the name says what it copies.
            <Button
              size="compact-xs"
              variant="subtle"
              color={copied ? "teal" : "indigo"}
              onClick={copy}
              aria-label={copied ? undefined : t("purchase.copyLabel")}
            >
              {copied ? t("purchase.copied") : t("purchase.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {goods}
      </Code>
    </Stack>
  );
}

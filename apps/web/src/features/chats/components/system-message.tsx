import { Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LineIcon } from "@/shared/ui/icons";
import { systemMessageText } from "../lib/system-message";
import classes from "./chats-layout.module.css";

function DealEventIcon() {
  return (
    <LineIcon size={16}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </LineIcon>
  );
}

/** A note from the platform about the deal (confirmed, disputed, resolved), set apart from what people wrote. */
export function SystemMessage({ text, time }: { text: string; time: string }) {
  const { t } = useTranslation("chats");
  return (
    <Stack gap={0} align="center" className={classes.system} role="note" aria-label={t("system.label")}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <DealEventIcon />
        <Text size="sm" inherit>
          {systemMessageText(t, text)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" aria-label={t("sentAt", { time })}>
        {time}
      </Text>
    </Stack>
  );
}

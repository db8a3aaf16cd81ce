import { Alert, Text } from "@mantine/core";
import type { OffPlatformKind } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "@/shared/i18n/language";
import classes from "./chats-layout.module.css";

/**
 * Issue 22: a message holding contacts or payment details outside Lootlane. Its reader is warned in full, since
 * a deal moved elsewhere loses the buyer protection; its sender only learns that the message was flagged, so an
 * honest slip is not treated as a scam. Nothing shows for an ordinary message.
 */
export function OffPlatformWarning({ kinds, own }: { kinds: OffPlatformKind[]; own: boolean }) {
  const { t } = useTranslation("chats");
  if (kinds.length === 0) return null;
  const found = new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(
    kinds.map((kind) => t(`offPlatform.kinds.${kind}`)),
  );
  if (own) {
    return (
      <Text
        size="xs"
        c="orange.9"
        className={`${classes.offPlatform} ${classes.ownNote}`}
        role="note"
        aria-label={t("offPlatform.flaggedLabel")}
      >
        {t("offPlatform.flagged", { found })}
      </Text>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      className={`${classes.offPlatform} ${classes.otherNote}`}
      // A note named by its title: a history full of flagged messages must not be announced like an error.
      role="note"
      title={t("offPlatform.found", { found })}
      styles={{ title: { fontSize: "var(--mantine-font-size-sm)" } }}
    >
      <Text size="xs">{t("offPlatform.warning")}</Text>
    </Alert>
  );
}

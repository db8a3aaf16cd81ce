import { NativeSelect } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { currentLanguage, isLanguage, type Language } from "@/shared/i18n/language";
import { useSwitchLanguage } from "@/shared/i18n/server-language";
import { GlobeIcon } from "./icons";

/** Each language is named in itself, so a reader of either can find theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ru: "Русский" };

export function LanguageSelect() {
  const { t } = useTranslation("layout");
  const language = currentLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <NativeSelect
      aria-label={t("language")}
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next) && next !== language) void switchLanguage(next);
      }}
      data={Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))}
      leftSection={<GlobeIcon size={16} />}
      size="sm"
      w={132}
    />
  );
}

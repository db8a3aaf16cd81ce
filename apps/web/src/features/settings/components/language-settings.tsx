import { useTranslation } from "react-i18next";
import { LanguageSelect } from "@/shared/ui/language-select";
import { SettingsSection } from "./settings-section";

/** The same selector as in the header, here where people look for it; choosing reloads the page (SPEC §2). */
export function LanguageSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection title={t("language.title")} description={t("language.description")}>
      <LanguageSelect />
    </SettingsSection>
  );
}

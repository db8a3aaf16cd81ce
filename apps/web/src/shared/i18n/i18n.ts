import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES } from "@lootlane/contract";
import { currentLanguage, readStoredLanguage } from "./language";
import { resources, type Namespace } from "./resources";

/** SPEC §9: the translation layer's default locale; it resolves to the English texts. */
const DEFAULT_LOCALE = "en-US";

function syncDocumentLanguage(): void {
  document.documentElement.lang = currentLanguage();
}

void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage() ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  nonExplicitSupportedLngs: true,
  load: "languageOnly",
  ns: Object.keys(resources.en) as Namespace[],
  defaultNS: "common",
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // Resources are bundled, so the first render already has every text.
  initAsync: false,
});

syncDocumentLanguage();
i18next.on("languageChanged", syncDocumentLanguage);

export { i18next as i18n };

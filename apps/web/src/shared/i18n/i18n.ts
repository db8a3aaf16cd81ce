import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES } from "@lootlane/contract";
import { currentLanguage, readStoredLanguage, writeLanguageCookie } from "./language";
import { NAMESPACE_FILES, SHELL_NAMESPACES, type Namespace } from "./namespaces";

/** SPEC §9: the translation layer's default locale; it resolves to the English texts. */
const DEFAULT_LOCALE = "en-US";

/** Every locale file is a chunk of its own, so a visitor downloads one language, and a screen's texts with the screen. */
const localeFiles = import.meta.glob<ResourceKey>("../../locales/*/*.json", { import: "default" });

/** Reads a namespace of one language from those chunks; i18next retries a failed download a few times. */
const localeChunks: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const file = NAMESPACE_FILES[namespace as Namespace] as string | undefined;
    const load = file === undefined ? undefined : localeFiles[`../../locales/${language}/${file}.json`];
    if (!load) {
      callback(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** The page and the server's next page heads follow the language chosen, or detected at start. */
function syncDocumentLanguage(): void {
  const language = currentLanguage();
  document.documentElement.lang = language;
  writeLanguageCookie(language);
}

/**
 * Resolves once the shell's texts in the interface language have arrived (also when they failed to): the first
 * render waits for it, so nothing shows a raw key. Screens load their own namespaces with their code.
 */
export const i18nReady = i18next
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage() ?? DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    // A copy: i18next adds every namespace loaded later to this list.
    ns: [...SHELL_NAMESPACES],
    defaultNS: "common",
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // Start the downloads now rather than on the next tick.
    initAsync: false,
  });

/** Loads the namespaces a screen needs (in the interface language); resolves when they are there or have failed. */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

syncDocumentLanguage();
i18next.on("languageChanged", syncDocumentLanguage);

export { i18next as i18n };

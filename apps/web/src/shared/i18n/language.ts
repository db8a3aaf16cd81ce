import i18next from "i18next";
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from "@lootlane/contract";
import { reloadPage } from "@/shared/lib/reload-page";

export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen earlier on this device, if any (storage can be unavailable, e.g. blocked cookies). */
export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The interface language, as the server and the error catalogue name it. */
export function currentLanguage(): Language {
  // Until its first texts arrive i18next has resolved no language; the one it is loading heads `languages`.
  const resolved = i18next.resolvedLanguage ?? (i18next.languages as readonly string[] | undefined)?.[0];
  return isLanguage(resolved) ? resolved : "en";
}

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The server writes page heads (title, description, link previews) in the language of the `user-language` cookie
 * (issue 21), so the interface language is kept there too, for a year, on every path.
 */
export function writeLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${YEAR_S}; SameSite=Lax`;
}

/**
 * SPEC §2: the choice is stored under the user-language key and the page reloads in the new language. The cookie
 * is written first, so the reloaded page's head already speaks it.
 */
export function switchLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice cannot survive the reload; reloading would only undo it.
    return;
  }
  writeLanguageCookie(language);
  reloadPage();
}

import {
  errorCatalogue,
  errorText,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
  type Locale,
} from "@lootlane/contract";
import i18next from "i18next";
import { toApiError } from "@/shared/api/api-error";
import { currentLanguage } from "@/shared/i18n/language";

export interface FallbackTexts {
  /** Shown when nothing better is known. */
  generic: string;
  /** Shown when no answer arrived at all. */
  network: string;
}

const PLACEHOLDER = /\{(\w+)\}/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Reads the values of a template's `{name}` placeholders back out of a text rendered from it. */
function paramsFromRendered(template: string, rendered: string): ErrorParams | null {
  const names: string[] = [];
  const pattern = template
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return "(.+?)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(rendered);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""]));
}

/**
 * The catalogue text for a code. The error body carries no params, but the server renders the same templates,
 * so a text with placeholders takes its values from the server's message; without them it is not used,
 * rather than showing "{max_tries}" to the user.
 */
function translate(code: ErrorCode, locale: Locale, serverMessage: string | undefined): string | null {
  const entry = errorCatalogue[code];
  if (!PLACEHOLDER.test(entry[locale])) return errorText(code, locale);
  if (!serverMessage) return null;
  for (const template of [entry.en, entry.ru]) {
    const params = paramsFromRendered(template, serverMessage);
    if (params) return errorText(code, locale, params);
  }
  return null;
}

/** SPEC §8: the translated text for the code, else the server's error_message, else the code, else a generic text. */
export function errorMessage(error: unknown, locale: Locale, fallback: FallbackTexts): string {
  const { status, code, serverMessage } = toApiError(error);
  const translated = code && isErrorCode(code) ? translate(code, locale, serverMessage) : null;
  return translated ?? serverMessage ?? code ?? (status === 0 ? fallback.network : fallback.generic);
}

/** errorMessage in the interface language (switching language reloads the page, so this never goes stale). */
export function describeError(error: unknown): string {
  return errorMessage(error, currentLanguage(), {
    generic: i18next.t("common:genericError"),
    network: i18next.t("common:networkError"),
  });
}

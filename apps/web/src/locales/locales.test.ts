import { describe, expect, it } from "vitest";
import { resources } from "@/shared/i18n/resources";

interface Tree {
  [key: string]: string | Tree;
}
type Bundle = Record<string, Tree>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

function placeholders(text: string): string {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1])
    .sort()
    .join(",");
}

/** Plural forms a language needs, e.g. ru: one, few, many, other (i18next appends them as `_one`, `_few`…). */
function pluralForms(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

/**
 * Every problem that would show an English key, a raw key or a broken sentence to a user of the other
 * language: namespaces or keys present in one language only, missing plural forms, and texts whose
 * {{placeholders}} differ.
 */
function compareLocales(bundles: Record<string, Bundle>): string[] {
  const problems: string[] = [];
  const languages = Object.keys(bundles);
  const namespaces = new Set(languages.flatMap((language) => Object.keys(bundles[language] ?? {})));

  for (const namespace of namespaces) {
    const flat = new Map(languages.map((language) => [language, flatten(bundles[language]?.[namespace] ?? {})]));
    const baseKeys = (language: string) =>
      new Set([...(flat.get(language)?.keys() ?? [])].map((key) => key.replace(PLURAL_SUFFIX, "")));
    const allBaseKeys = new Set(languages.flatMap((language) => [...baseKeys(language)]));

    for (const key of allBaseKeys) {
      const texts = new Map<string, string>();
      for (const language of languages) {
        const entries = flat.get(language) ?? new Map<string, string>();
        if (!baseKeys(language).has(key)) {
          problems.push(`${language}: ${namespace}:${key} is missing`);
          continue;
        }
        const isPlural = !entries.has(key);
        if (isPlural) {
          for (const form of pluralForms(language)) {
            if (!entries.has(`${key}_${form}`)) problems.push(`${language}: ${namespace}:${key}_${form} is missing`);
          }
        }
        const text = entries.get(key) ?? entries.get(`${key}_other`) ?? "";
        texts.set(language, placeholders(text));
      }
      if (new Set(texts.values()).size > 1) {
        problems.push(
          `${namespace}:${key} has different placeholders: ${[...texts].map(([l, p]) => `${l} {${p}}`).join(", ")}`,
        );
      }
    }
  }
  return problems;
}

/**
 * Keys that show a count without plural forms: in Russian "1 символ", "2 символа" and "5 символов" need three
 * texts, so a count is always given as `count` to a key with every plural form (compareLocales checks them).
 */
function countsWithoutPlurals(bundles: Record<string, Bundle>): string[] {
  const problems: string[] = [];
  for (const [language, bundle] of Object.entries(bundles)) {
    for (const [namespace, tree] of Object.entries(bundle)) {
      for (const [key, text] of flatten(tree)) {
        if (!PLURAL_SUFFIX.test(key) && placeholders(text).split(",").includes("count"))
          problems.push(`${language}: ${namespace}:${key} shows a count without plural forms`);
      }
    }
  }
  return problems;
}

describe("locales", () => {
  it("have the same namespaces, keys, plural forms and placeholders in English and Russian", () => {
    expect(compareLocales(resources)).toEqual([]);
  });

  it("give every count its plural forms", () => {
    expect(countsWithoutPlurals(resources)).toEqual([]);
  });
});

describe("countsWithoutPlurals", () => {
  it("reports a count in a key without plural forms", () => {
    expect(countsWithoutPlurals({ ru: { home: { found: "Найдено: {{count}}", title: "{{name}}" } } })).toEqual([
      "ru: home:found shows a count without plural forms",
    ]);
  });
});

describe("compareLocales", () => {
  it("reports a key missing in either language", () => {
    const problems = compareLocales({
      en: { home: { title: "Home", sell: "Sell" } },
      ru: { home: { title: "Главная", extra: "Лишний" } },
    });

    expect(problems).toEqual(["ru: home:sell is missing", "en: home:extra is missing"]);
  });

  it("reports a whole missing namespace", () => {
    expect(compareLocales({ en: { chats: { title: "Chats" } }, ru: {} })).toEqual(["ru: chats:title is missing"]);
  });

  it("requires every Russian plural form", () => {
    const problems = compareLocales({
      en: { admin: { users_one: "{{count}} user", users_other: "{{count}} users" } },
      ru: { admin: { users_one: "{{count}} пользователь", users_other: "{{count}} пользователя" } },
    });

    expect(problems).toEqual(["ru: admin:users_few is missing", "ru: admin:users_many is missing"]);
  });

  it("accepts complete plural forms and matching placeholders", () => {
    const problems = compareLocales({
      en: { admin: { users_one: "{{count}} user", users_other: "{{count}} users" } },
      ru: {
        admin: {
          users_one: "{{count}} пользователь",
          users_few: "{{count}} пользователя",
          users_many: "{{count}} пользователей",
          users_other: "{{count}} пользователя",
        },
      },
    });

    expect(problems).toEqual([]);
  });

  it("reports placeholders that differ between languages", () => {
    const problems = compareLocales({
      en: { profile: { title: "Profile of {{username}}" } },
      ru: { profile: { title: "Профиль {{name}}" } },
    });

    expect(problems).toEqual(["profile:title has different placeholders: en {username}, ru {name}"]);
  });
});

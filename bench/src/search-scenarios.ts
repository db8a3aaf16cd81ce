import { PRODUCT_PRICE_MAX } from "@lootlane/contract";
import type { HttpScenario } from "./catalogue-scenarios.js";

/**
 * Searches the listings of src/seed/vocabulary.ts answer only when the search understands the language (issue 21):
 * each is a list of one-word queries, each spelled in a way no listing is written.
 */
const languageQueries = {
  // Inflections no listing has as such ("аккаунтов", "keys"): found by the stem of the word they share.
  "word forms": ["аккаунтов", "ключи", "предметов", "скины", "монет", "кристаллов", "пропуска", "наборы", "keys"],
  // Russian words typed on the Latin layout and English ones on the Russian ("frrfeyn" is "аккаунт", "вщеф" "dota").
  "wrong keyboard layout": [
    "frrfeyn",
    "rk.x",
    "crby",
    "ghtlvtn",
    "pjkjnj",
    "vjytns",
    "фссщгте",
    "ылшт",
    "пщдв",
    "вщеф",
  ],
  // Russian words in Latin letters and game names in Russian ones ("akkaunt", "дота").
  transliterated: ["akkaunt", "klyuch", "predmet", "zoloto", "kristally", "arkana", "monety", "дота", "валорант"],
} as const;

/** One kind of search that understands the language, asked anew each time (cold) and as the same query (warm). */
export type LanguageSearch = { cold: HttpScenario; warm: HttpScenario };

/**
 * The language searches of the bench. Cold: every request asks something no request asked before, so the answer
 * comes from the database, never the response cache: the kind's words in turn, each round with a price ceiling one
 * rouble lower, from PRODUCT_PRICE_MAX down. The cache keys on max_price; no generated listing costs within a
 * factor 100 of the ceiling, so every round finds the same listings and the filter costs one comparison a row. Warm:
 * the kind's first word over and over, as people ask for what others just asked; after the first request the cache
 * answers it until the next catalogue change or its 10 s TTL.
 */
export function languageSearches(baseUrl: string): LanguageSearch[] {
  return Object.entries(languageQueries).map(([kind, words]) => {
    const path = (word: string) => `/v1/products/search?q=${encodeURIComponent(word)}`;
    let asked = 0;
    const nextPath = () => {
      const word = words[asked % words.length]!;
      const ceiling = PRODUCT_PRICE_MAX - Math.floor(asked / words.length);
      asked++;
      return `${path(word)}&max_price=${ceiling}`;
    };
    return {
      cold: {
        name: `search, ${kind}, cold ("${words.join('", "')}" in turn, never asked before)`,
        request: { url: `${baseUrl}/`, nextPath },
      },
      warm: { name: `search, ${kind}, warm ("${words[0]}")`, request: { url: `${baseUrl}${path(words[0])}` } },
    };
  });
}

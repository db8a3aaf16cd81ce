import { createHash } from "node:crypto";

/**
 * Russian (and Ukrainian/Belarusian) letters in a simple, readable Latin transliteration, lower case. Slugs and the
 * search's transliterated word forms (modules/products/products-search.variants.ts) both read it.
 */
export const cyrillicToLatin: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  і: "i",
  ї: "yi",
  є: "ye",
  ґ: "g",
  ў: "u",
};

const MAX_LENGTH = 80;

/** Lower-cased `text` with its Cyrillic letters in Latin ("Аккаунты" → "akkaunty"); everything else as it was. */
export function transliterateCyrillic(text: string): string {
  return [...text.toLowerCase()].map((char) => cyrillicToLatin[char] ?? char).join("");
}

/**
 * URL slug for a category name: lower-case Latin letters, digits and single dashes ("Аккаунты" → "akkaunty",
 * "Counter-Strike 2" → "counter-strike-2"). A name with no transliterable letters gets a short stable hash,
 * so a slug is never empty.
 */
export function slugify(name: string): string {
  const slug = transliterateCyrillic(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_LENGTH)
    .replace(/^-+|-+$/g, "");
  return slug || `c-${createHash("sha256").update(name).digest("hex").slice(0, 8)}`;
}

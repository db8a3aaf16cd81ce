import { cyrillicToLatin, transliterateCyrillic } from "../../db/slug.js";

/*
 * The forms a search word may have been meant in besides the one typed: the same keys pressed on the other keyboard
 * layout ("ljnf" typed for "дота", "вщеф" for "dota"), and the word written in the other alphabet ("dota" ↔
 * "дота"). The search (products-search.service.ts) takes a word to match when any of its forms matches.
 */

/**
 * What each key of a QWERTY keyboard types on the standard Russian ЙЦУКЕН layout: the letters, and the punctuation
 * keys that carry letters there ([ ] ; ' , . ` and, shifted, { } : " < > ~).
 */
const qwertyToRussian: Readonly<Record<string, string>> = {
  q: "й",
  w: "ц",
  e: "у",
  r: "к",
  t: "е",
  y: "н",
  u: "г",
  i: "ш",
  o: "щ",
  p: "з",
  "[": "х",
  "]": "ъ",
  a: "ф",
  s: "ы",
  d: "в",
  f: "а",
  g: "п",
  h: "р",
  j: "о",
  k: "л",
  l: "д",
  ";": "ж",
  "'": "э",
  z: "я",
  x: "ч",
  c: "с",
  v: "м",
  b: "и",
  n: "т",
  m: "ь",
  ",": "б",
  ".": "ю",
  "`": "ё",
  "{": "х",
  "}": "ъ",
  ":": "ж",
  '"': "э",
  "<": "б",
  ">": "ю",
  "~": "ё",
};

/** The other way: the key (unshifted) that types each Russian letter. */
const russianToQwerty: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(qwertyToRussian)
    .filter(([key]) => !'{}:"<>~'.includes(key))
    .map(([key, letter]) => [letter, key]),
);

const RUSSIAN_ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя";

/**
 * Latin spellings back into Russian letters: the reverse of the slugs' table (db/slug.ts) for the Russian alphabet,
 * the first letter listed there winning where two share a spelling (e → е, not ё or э; y → й, not ы), and the Latin
 * letters that table never writes, as they usually sound (c → к, h → х, j → дж, q → к, w → в, x → кс).
 */
const latinSpellings = new Map<string, string>([
  // Reversed, so of two letters with one spelling the one listed first is set last.
  ...Object.entries(cyrillicToLatin)
    .filter(([letter, latin]) => RUSSIAN_ALPHABET.includes(letter) && latin !== "")
    .reverse()
    .map(([letter, latin]) => [latin, letter] as const),
  ["c", "к"],
  ["h", "х"],
  ["j", "дж"],
  ["q", "к"],
  ["w", "в"],
  ["x", "кс"],
]);
const longestSpelling = Math.max(...[...latinSpellings.keys()].map((latin) => latin.length));

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /[a-z]/;
const CONSONANT_BEFORE = /[бвгджзклмнпрстфхцчшщ]$/;

/** `word` (lower case) typed on the other layout: Cyrillic letters as the QWERTY keys under them, else the reverse. */
export function otherLayout(word: string): string {
  const map = CYRILLIC.test(word) ? russianToQwerty : qwertyToRussian;
  return [...word].map((char) => map[char] ?? char).join("");
}

/** `word` (lower case) in the other alphabet: Cyrillic in Latin as slugs write it, Latin in Russian letters. */
export function transliterate(word: string): string {
  if (CYRILLIC.test(word)) return transliterateCyrillic(word);
  if (!LATIN.test(word)) return word;
  let russian = "";
  for (let at = 0; at < word.length;) {
    const [latin, letter] = spellingAt(word, at);
    // "y" after a consonant is ы ("akkaunty" → "аккаунты"), elsewhere й ("moy" → "мой").
    russian += latin === "y" && CONSONANT_BEFORE.test(russian) ? "ы" : letter;
    at += latin.length;
  }
  return russian;
}

/** The longest Latin spelling of a Russian letter at `at` ("shch" before "sh" before "s"), or the character itself. */
function spellingAt(word: string, at: number): readonly [string, string] {
  for (let length = Math.min(longestSpelling, word.length - at); length > 0; length--) {
    const latin = word.slice(at, at + length);
    const letter = latinSpellings.get(latin);
    if (letter !== undefined) return [latin, letter];
  }
  const char = word[at]!;
  return [char, char];
}

/**
 * The word as typed (lower case), on the other layout, in the other alphabet, and on the other layout in the other
 * alphabet ("ljnf" → "дота" → "dota": most listings write a game's name in Latin), each once.
 */
export function wordVariants(word: string): string[] {
  const typed = word.toLowerCase();
  const switched = otherLayout(typed);
  return [...new Set([typed, switched, transliterate(typed), transliterate(switched)])];
}

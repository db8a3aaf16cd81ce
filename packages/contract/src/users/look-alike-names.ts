/*
 * Usernames that would pass for the marketplace's own staff (issue 17 item 10). A name is compared by its
 * skeleton: lower-cased, Cyrillic letters that look Latin read as Latin, digits read as the letters they stand
 * in for, separators dropped. The contract's username pattern already refuses non-ASCII, but the skeleton does
 * not rely on it, so a looser pattern later cannot reopen the hole.
 */

/** Names only the marketplace may wear. */
const OFFICIAL_NAMES = ["admin", "administrator", "support", "lootlane", "system", "moderator"];
/** Words that make an official name look more official when added to it ("support_team"); harmless alone. */
const OFFICIAL_ADDITIONS = ["team", "staff", "official", "help", "service", "bot"];

// i, l, 1 and | are one letter here: each is read as the others often enough that "adm1n" and "admln" both pass for admin.
const LOOK_ALIKES: Record<string, string> = {
  "0": "o",
  "1": "l",
  i: "l",
  "|": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  з: "e",
  і: "l",
  ӏ: "l",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  ѕ: "s",
  т: "t",
  у: "y",
  х: "x",
};

function skeleton(name: string): string {
  return [...name.normalize("NFKC").toLowerCase()]
    .filter((char) => !/[\s_.-]/.test(char))
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join("");
}

const officialSkeletons = OFFICIAL_NAMES.map(skeleton);
const additionSkeletons = OFFICIAL_ADDITIONS.map(skeleton);

/** Whether the skeleton is made only of official names and additions, with at least one official name. */
function isOfficialCompound(rest: string, sawOfficial: boolean): boolean {
  if (rest === "") return sawOfficial;
  return (
    officialSkeletons.some((word) => rest.startsWith(word) && isOfficialCompound(rest.slice(word.length), true)) ||
    additionSkeletons.some((word) => rest.startsWith(word) && isOfficialCompound(rest.slice(word.length), sawOfficial))
  );
}

/** Whether a username looks like the marketplace's own account: "admin", "Supp0rt_Team", "l00tlane", "аdmin1". */
export function looksOfficial(username: string): boolean {
  // A number tacked on at either end ("admin2024") does not make the name any less official.
  const core = username.trim().replace(/^\d+|\d+$/g, "");
  return isOfficialCompound(skeleton(username), false) || isOfficialCompound(skeleton(core), false);
}

/**
 * Characters an e-mail address must not hold although they take no room: controls, zero-width and
 * direction-override marks (the Unicode "other" and separator categories) and the Hangul fillers, which render
 * blank. They make two addresses that look the same differ, or make one look like another.
 */
const INVISIBLE = /[\p{C}\p{Z}\u115F\u1160\u3164\uFFA0]/u;

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

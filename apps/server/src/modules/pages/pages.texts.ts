import type { Locale } from "@lootlane/contract";

/*
 * The words of the pages' heads (titles and descriptions a search result or a link preview shows), in both
 * languages. Names and descriptions written by people (products, categories, profiles) come from the data.
 */

export const SITE_NAME = "Lootlane";

/** OpenGraph's og:locale of each interface language. */
export const OG_LOCALES: Record<Locale, string> = { en: "en_US", ru: "ru_RU" };

export type SellerRecord = { completedDeals: number; reviewsCount: number; rating: number };

export type PageTexts = {
  siteDescription: string;
  homeTitle: string;
  notFoundTitle: string;
  gameTitle(game: string): string;
  gameDescription(game: string): string;
  subcategoryTitle(subcategory: string, game: string): string;
  subcategoryDescription(subcategory: string, game: string): string;
  profileTitle(username: string): string;
  profileDescription(username: string, record: SellerRecord): string;
};

const pluralRu = new Intl.PluralRules("ru");
const pluralEn = new Intl.PluralRules("en");

/** "1 deal", "2 deals"; «1 сделка», «3 сделки», «5 сделок». */
function countOf(count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>, rules: Intl.PluralRules): string {
  return `${count} ${forms[rules.select(count)] ?? forms.other}`;
}

const ratingEn = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
const ratingRu = new Intl.NumberFormat("ru", { maximumFractionDigits: 1 });

const en: PageTexts = {
  siteDescription:
    "Lootlane — a marketplace for digital game goods: accounts, keys and items, with a safe deal and a chat with the seller.",
  homeTitle: "Lootlane — a marketplace for digital game goods",
  notFoundTitle: "Page not found — Lootlane",
  gameTitle: (game) => `${game}: accounts, keys and items — Lootlane`,
  gameDescription: (game) =>
    `Buy ${game} accounts, keys and items from sellers on Lootlane: a safe deal and a chat with the seller.`,
  subcategoryTitle: (subcategory, game) => `${subcategory} — ${game} — Lootlane`,
  subcategoryDescription: (subcategory, game) =>
    `${subcategory} for ${game} from sellers on Lootlane: a safe deal and a chat with the seller.`,
  profileTitle: (username) => `${username} — seller on Lootlane`,
  profileDescription: (username, { completedDeals, reviewsCount, rating }) =>
    `${username} on Lootlane: ${countOf(completedDeals, { one: "completed deal", other: "completed deals" }, pluralEn)}` +
    (reviewsCount > 0
      ? `, rated ${ratingEn.format(rating)} of 5 in ${countOf(reviewsCount, { one: "review", other: "reviews" }, pluralEn)}.`
      : "."),
};

const ru: PageTexts = {
  siteDescription:
    "Lootlane — маркетплейс цифровых игровых товаров: аккаунты, ключи и предметы, безопасная сделка и чат с продавцом.",
  homeTitle: "Lootlane — маркетплейс цифровых игровых товаров",
  notFoundTitle: "Страница не найдена — Lootlane",
  gameTitle: (game) => `${game}: аккаунты, ключи и предметы — Lootlane`,
  gameDescription: (game) =>
    `Аккаунты, ключи и предметы ${game} от продавцов Lootlane: безопасная сделка и чат с продавцом.`,
  subcategoryTitle: (subcategory, game) => `${subcategory} — ${game} — Lootlane`,
  subcategoryDescription: (subcategory, game) =>
    `${subcategory} — ${game} — от продавцов Lootlane: безопасная сделка и чат с продавцом.`,
  profileTitle: (username) => `${username} — продавец на Lootlane`,
  profileDescription: (username, { completedDeals, reviewsCount, rating }) =>
    `${username} на Lootlane: ${countOf(completedDeals, { one: "завершённая сделка", few: "завершённые сделки", many: "завершённых сделок", other: "завершённой сделки" }, pluralRu)}` +
    (reviewsCount > 0
      ? `, рейтинг ${ratingRu.format(rating)} из 5 по ${countOf(reviewsCount, { one: "отзыву", few: "отзывам", many: "отзывам", other: "отзыва" }, pluralRu)}.`
      : "."),
};

export const pageTexts: Record<Locale, PageTexts> = { en, ru };

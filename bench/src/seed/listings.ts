import { roublesToKopecks } from "@lootlane/contract";
import type { GoodsKind } from "@lootlane/server/db/seed/demo-games";
import type { ProductStatus } from "@lootlane/server/db/schema/catalog";
import { english, type LanguageVocabulary, russian } from "./vocabulary.js";

/** Where a listing may be filed: a game itself or one of its subcategories, with the words that fit it. */
export type ListingCategory = { id: string; game: string; kind: GoodsKind };

/** One batch of products as column arrays, the shape `insert ... select from unnest(...)` takes. */
export type ListingBatch = {
  /** Null lets the database draw the id; a sold listing has one already, which its deal refers to. */
  ids: (string | null)[];
  sellerIds: string[];
  categoryIds: string[];
  titles: string[];
  descriptions: string[];
  priceKopecks: number[];
  statuses: ProductStatus[];
  /** 1, the listing's one unit, until a deal takes it. */
  inStocks: number[];
  createdAts: string[];
  updatedAts: string[];
  deletedAts: (string | null)[];
  /** The language each listing is written in, so the chat of its deal speaks it too. */
  languages: LanguageVocabulary[];
};

const DAY_MS = 86_400_000;
/** Listings are spread over a year, so "newest first" and deep pages look like a marketplace that has run a while. */
const HISTORY_MS = 365 * DAY_MS;

/** Price ranges in roubles per kind of goods, drawn log-uniformly so cheap goods are common and dear ones rare. */
const priceRange: Record<GoodsKind, readonly [number, number]> = {
  accounts: [150, 60_000],
  items: [20, 25_000],
  keys: [100, 5_000],
  currency: [10, 8_000],
  boosting: [300, 15_000],
};

/**
 * Mostly active, as on a live marketplace; the rest are states the public listing and search must leave out.
 * Sold states (`purchased`, `completed`) come only from the generated deals (sales.ts), so every sold listing
 * has its deal, chat and money.
 */
const statusWeights: readonly (readonly [ProductStatus, number])[] = [
  ["active", 0.89],
  ["moderation", 0.05],
  ["rejected", 0.03],
  ["withdrawn", 0.03],
];
const DELETED_SHARE = 0.02;
const RUSSIAN_SHARE = 0.45;

/** mulberry32: a tiny seeded generator, so two runs with the same seed produce the same catalogue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Builds `count` listings with titles and descriptions in English or Russian from the vocabulary. */
export function generateListings(
  random: () => number,
  count: number,
  context: { sellerIds: readonly string[]; categories: readonly ListingCategory[]; now: number },
): ListingBatch {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const batch: ListingBatch = {
    ids: [],
    sellerIds: [],
    categoryIds: [],
    titles: [],
    descriptions: [],
    priceKopecks: [],
    statuses: [],
    inStocks: [],
    createdAts: [],
    updatedAts: [],
    deletedAts: [],
    languages: [],
  };
  for (let i = 0; i < count; i++) {
    const category = pick(context.categories);
    const language = random() < RUSSIAN_SHARE ? russian : english;
    const words = language.kinds[category.kind];
    const noun = pick(words.nouns);
    const detail = pick(words.details);
    const createdAt = new Date(context.now - Math.floor(random() * HISTORY_MS)).toISOString();
    batch.ids.push(null);
    batch.sellerIds.push(pick(context.sellerIds));
    batch.categoryIds.push(category.id);
    batch.titles.push(title(random, pick, language, category.game, noun, detail));
    batch.descriptions.push(
      `${pick(words.intros)} ${category.game}: ${noun}, ${detail}. ${pick(language.closers)} ${pick(language.closers)}`,
    );
    batch.priceKopecks.push(price(random, category.kind));
    batch.statuses.push(status(random));
    batch.inStocks.push(1);
    batch.createdAts.push(createdAt);
    batch.updatedAts.push(createdAt);
    batch.deletedAts.push(
      random() < DELETED_SHARE
        ? new Date(randomBetween(random, Date.parse(createdAt), context.now)).toISOString()
        : null,
    );
    batch.languages.push(language);
  }
  return batch;
}

/** A whole millisecond in [from, to). */
export function randomBetween(random: () => number, from: number, to: number): number {
  return from + Math.floor(random() * (to - from));
}

function title(
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  language: LanguageVocabulary,
  game: string,
  noun: string,
  detail: string,
): string {
  const number = 1 + Math.floor(random() * 999);
  const forms = [
    `${game} ${noun} ${detail}`,
    `${pick(language.adjectives)} ${noun} ${game}, ${detail}`,
    `${capitalise(noun)} ${game} — ${detail}`,
    `${game}: ${noun} #${number}, ${detail}`,
  ];
  return pick(forms);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function price(random: () => number, kind: GoodsKind): number {
  const [low, high] = priceRange[kind];
  const roubles = Math.round(Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low))));
  return roublesToKopecks(roubles);
}

function status(random: () => number): ProductStatus {
  let roll = random();
  for (const [value, weight] of statusWeights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return "active";
}

import type { GoodsKind } from "../../../apps/server/src/db/seed/demo-games.js";
import type { ProductStatus } from "../../../apps/server/src/db/schema/catalog.js";
import { english, type LanguageVocabulary, russian } from "./vocabulary.js";

/** Where a listing may be filed: a game itself or one of its subcategories, with the words that fit it. */
export type ListingCategory = { id: string; game: string; kind: GoodsKind };

/** One batch of products as column arrays, the shape `insert ... select from unnest(...)` takes. */
export type ListingBatch = {
  sellerIds: string[];
  categoryIds: string[];
  titles: string[];
  descriptions: string[];
  priceKopecks: number[];
  statuses: ProductStatus[];
  createdAts: string[];
  deletedAts: (string | null)[];
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

/** Mostly active, as on a live marketplace; the rest are states the public listing and search must leave out. */
const statusWeights: readonly (readonly [ProductStatus, number])[] = [
  ["active", 0.88],
  ["moderation", 0.04],
  ["completed", 0.04],
  ["purchased", 0.01],
  ["rejected", 0.01],
  ["withdrawn", 0.01],
  ["refunded", 0.01],
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
  const batch: ListingBatch = { sellerIds: [], categoryIds: [], titles: [], descriptions: [], priceKopecks: [], statuses: [], createdAts: [], deletedAts: [] };
  for (let i = 0; i < count; i++) {
    const category = pick(context.categories);
    const language = random() < RUSSIAN_SHARE ? russian : english;
    const words = language.kinds[category.kind];
    const noun = pick(words.nouns);
    const detail = pick(words.details);
    const createdAt = context.now - Math.floor(random() * HISTORY_MS);
    batch.sellerIds.push(pick(context.sellerIds));
    batch.categoryIds.push(category.id);
    batch.titles.push(title(random, pick, language, category.game, noun, detail));
    batch.descriptions.push(`${pick(words.intros)} ${category.game}: ${noun}, ${detail}. ${pick(language.closers)} ${pick(language.closers)}`);
    batch.priceKopecks.push(price(random, category.kind));
    batch.statuses.push(status(random));
    batch.createdAts.push(new Date(createdAt).toISOString());
    batch.deletedAts.push(random() < DELETED_SHARE ? new Date(createdAt + Math.floor(random() * (context.now - createdAt))).toISOString() : null);
  }
  return batch;
}

function title(random: () => number, pick: <T>(items: readonly T[]) => T, language: LanguageVocabulary, game: string, noun: string, detail: string): string {
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
  return roubles * 100;
}

function status(random: () => number): ProductStatus {
  let roll = random();
  for (const [value, weight] of statusWeights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return "active";
}

import type { Db } from "../../db/client.js";
import { listCategories } from "../categories/categories.service.js";
import {
  countProductIdsUpTo,
  productsOnSaleInRange,
  sellersOnSaleInRange,
  type IdRange,
} from "../products/products.service.js";
import { countUserIdsUpTo } from "../users/users.service.js";

/*
 * The sitemaps (sitemaps.org protocol): /sitemap.xml is an index of sitemap files, each at most `urlsPerFile`
 * addresses: one of the home, game and subcategory pages, and the products on sale and their sellers in slices of
 * the id space. A slice is named by the hex digits its ids start with (`sitemap-products-3f.xml`), so any instance
 * answers any file the same way, and a file is streamed a batch at a time.
 *
 * How finely to slice is chosen without counting the catalogue: ids are random, so slices of equal width hold
 * about equal numbers of rows, and the first slice at each width is counted only up to half the file limit
 * (a count that stops early, on the primary key). The first width whose slice fits is used; the other half of
 * the limit absorbs the spread between slices and the growth until the choice is made again.
 */

export type SitemapLimits = {
  /** At most this many addresses in one file: 50,000 by the protocol; tests lower it to page a small catalogue. */
  urlsPerFile: number;
  /** Rows read per query while a file streams. */
  batchSize: number;
};

export const SITEMAP_LIMITS: SitemapLimits = { urlsPerFile: 50_000, batchSize: 1_000 };

export type SitemapKind = "products" | "sellers";

/** 16^3 = 4,096 files of each kind: 100,000,000 products at 25,000 a file, and an index far under its 50,000. */
const MAX_PREFIX_DIGITS = 3;
/** How long a choice of slices stands; the file limit's spare half covers what the catalogue grows meanwhile. */
const PLAN_TTL_MS = 10 * 60_000;
const PREFIX = /^[0-9a-f]{0,3}$/;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export type SitemapDeps = { db: Db; limits: SitemapLimits; now?: () => number };

export type Sitemaps = {
  /** The sitemap index: every file, as absolute addresses under `origin`. */
  index(origin: string): Promise<string>;
  /** The home page and every game and subcategory page. */
  pages(origin: string): AsyncIterable<string>;
  /** One slice of products or sellers; undefined for a prefix that names no slice. */
  slice(kind: SitemapKind, prefix: string, origin: string): AsyncIterable<string> | undefined;
};

export function createSitemaps({ db, limits, now = Date.now }: SitemapDeps): Sitemaps {
  const target = Math.max(1, Math.floor(limits.urlsPerFile / 2));
  const counters: Record<SitemapKind, (range: IdRange, cap: number) => Promise<number>> = {
    products: (range, cap) => countProductIdsUpTo(db, range, cap),
    sellers: (range, cap) => countUserIdsUpTo(db, range.from, range.to, cap),
  };
  const readers = {
    products: async (range: IdRange, after: string | undefined, limit: number, origin: string) => {
      const rows = await productsOnSaleInRange(db, range, after, limit);
      return rows.map((row) => ({ id: row.id, entry: urlEntry(`${origin}/product/${row.id}`, row.updatedAt) }));
    },
    sellers: async (range: IdRange, after: string | undefined, limit: number, origin: string) => {
      const rows = await sellersOnSaleInRange(db, range, after, limit);
      return rows.map((row) => ({
        id: row.id,
        entry: urlEntry(`${origin}/profile/${encodeURIComponent(row.username)}`),
      }));
    },
  } satisfies Record<SitemapKind, unknown>;

  let plan: { madeAt: number; digits: Promise<Record<SitemapKind, number>> } | undefined;
  const currentPlan = () => {
    if (plan === undefined || now() - plan.madeAt >= PLAN_TTL_MS) {
      const made = { madeAt: now(), digits: makePlan(counters, target) };
      // A failed choice is made again on the next request rather than kept.
      made.digits.catch(() => {
        if (plan === made) plan = undefined;
      });
      plan = made;
    }
    return plan.digits;
  };

  return {
    async index(origin) {
      const digits = await currentPlan();
      const files = [
        `${origin}/sitemap-pages.xml`,
        ...(["products", "sellers"] as const).flatMap((kind) =>
          prefixes(digits[kind]).map((prefix) => `${origin}${sitemapPath(kind, prefix)}`),
        ),
      ];
      const entries = files.map((file) => `<sitemap><loc>${escapeXml(file)}</loc></sitemap>\n`).join("");
      return `${XML_HEAD}<sitemapindex ${SITEMAP_NS}>\n${entries}</sitemapindex>\n`;
    },
    pages(origin) {
      return urlset(
        (async function* () {
          const categories = await listCategories(db);
          const games = new Map(categories.filter((c) => c.parentId === null).map((game) => [game.id, game.slug]));
          const paths = categories.flatMap((category) => {
            const game = category.parentId === null ? undefined : games.get(category.parentId);
            if (category.parentId !== null && game === undefined) return [];
            const slugs = game === undefined ? [category.slug] : [game, category.slug];
            return [`/games/${slugs.map(encodeURIComponent).join("/")}`];
          });
          yield ["/", ...paths]
            .slice(0, limits.urlsPerFile)
            .map((path) => urlEntry(`${origin}${path}`))
            .join("");
        })(),
      );
    },
    slice(kind, prefix, origin) {
      if (!PREFIX.test(prefix)) return undefined;
      const range = rangeOf(prefix);
      const read = readers[kind];
      return urlset(
        (async function* () {
          let after: string | undefined;
          for (let left = limits.urlsPerFile; left > 0;) {
            const limit = Math.min(limits.batchSize, left);
            const rows = await read(range, after, limit, origin);
            if (rows.length > 0) yield rows.map((row) => row.entry).join("");
            if (rows.length < limit) return;
            left -= rows.length;
            after = rows.at(-1)!.id;
          }
        })(),
      );
    },
  };
}

/** The address of a slice's file: the whole id space has no digits. */
export function sitemapPath(kind: SitemapKind, prefix: string): string {
  return prefix === "" ? `/sitemap-${kind}.xml` : `/sitemap-${kind}-${prefix}.xml`;
}

/** For each kind, the fewest hex digits whose first slice holds no more than `target` rows. */
async function makePlan(
  counters: Record<SitemapKind, (range: IdRange, cap: number) => Promise<number>>,
  target: number,
): Promise<Record<SitemapKind, number>> {
  const digitsFor = async (count: (range: IdRange, cap: number) => Promise<number>) => {
    for (let digits = 0; digits < MAX_PREFIX_DIGITS; digits += 1) {
      if ((await count(rangeOf("0".repeat(digits)), target + 1)) <= target) return digits;
    }
    return MAX_PREFIX_DIGITS;
  };
  return { products: await digitsFor(counters.products), sellers: await digitsFor(counters.sellers) };
}

/** Every prefix of `digits` hex digits, in order. */
function prefixes(digits: number): string[] {
  return Array.from({ length: 16 ** digits }, (_, index) =>
    digits === 0 ? "" : index.toString(16).padStart(digits, "0"),
  );
}

/** The ids that start with `prefix`: from it followed by zeros up to the next prefix of its length. */
function rangeOf(prefix: string): IdRange {
  const from = uuidOf(prefix.padEnd(32, "0"));
  if (prefix === "" || /^f+$/.test(prefix)) return { from, to: undefined };
  const next = (Number.parseInt(prefix, 16) + 1).toString(16).padStart(prefix.length, "0");
  return { from, to: uuidOf(next.padEnd(32, "0")) };
}

function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function* urlset(entries: AsyncIterable<string>): AsyncIterable<string> {
  yield `${XML_HEAD}<urlset ${SITEMAP_NS}>\n`;
  yield* entries;
  yield "</urlset>\n";
}

function urlEntry(loc: string, lastmod?: Date): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod === undefined ? "" : `<lastmod>${lastmod.toISOString()}</lastmod>`}</url>\n`;
}

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEscapes[character]!);
}

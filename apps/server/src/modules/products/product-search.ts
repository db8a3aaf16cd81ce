import { and, count, desc, eq, gte, inArray, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";

export type ProductSearch = { q: string; categoryIds?: string[]; minPriceKopecks?: number; maxPriceKopecks?: number; limit: number; offset: number };

/**
 * Words with at least this many letters or digits match with typos; shorter ones ("cs", "2", "wow") must occur
 * as written, since the trigrams of a three-letter word say almost nothing about what was meant.
 */
const FUZZY_MIN_LENGTH = 4;

/**
 * pg_trgm word similarity a fuzzy word needs: how well its trigrams agree with the best-matching stretch of the
 * title. 0.45 still accepts one wrong, missing or doubled letter in words of about six letters or more
 * ("Mincraft" → Minecraft scores 0.58, "акаунт" → аккаунт 0.67) and unfinished words ("Minecr"), while
 * "steam" no longer matches "stream" (0.44). pg_trgm's default of 0.6 would reject "Mincraft".
 */
const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * Words with fewer letters or digits than this ("cs", "%") have no trigram an index could look up: such a word is
 * found only by reading every listing, in nearly all of which it occurs anyway.
 */
const INDEXABLE_MIN_LENGTH = 3;

/**
 * A query made only of such words searches this many of the newest listings on sale, not all of them: at 1,000,000
 * listings a full scan takes seconds, this a few milliseconds.
 */
export const SHORT_QUERY_WINDOW = 2000;

/**
 * Search for the storefront: ids of active, not deleted products containing every word of `q`, in any order,
 * case-insensitive; listings with every word in the title first, then the others, each newest first.
 *
 * A word of 4+ letters matches a title with typos (pg_trgm word similarity) and a description as written
 * (substring); shorter words match as written in both. Typos are forgiven in titles only because re-checking
 * a trigram match costs about 30 µs on a 200-character description against 2 µs for a substring, and a search
 * for a common word re-checks thousands of rows. Both forms use the gin_trgm_ops indexes on lower(title) and
 * lower(description), on PGlite and PostgreSQL alike. A query of words shorter than INDEXABLE_MIN_LENGTH only
 * searches the newest SHORT_QUERY_WINDOW listings; next to a longer word, a short one just narrows its matches.
 *
 * `total` counts the matches up to one page past the page asked for: enough for the client, which only asks
 * whether a next page exists, while every counted match of a common word costs a re-check (counting 1,000
 * matches of "аккаунт valorant" took 370 ms at 1,000,000 listings, the page itself 4 ms). Once a page is neither
 * full nor past the end, `total` is exact.
 */
export async function searchProductIds(db: Db, search: ProductSearch): Promise<{ ids: string[]; total: number }> {
  const words = search.q.split(/\s+/).filter((word) => word !== "");
  const filters = listingFilters(search);
  const title = sql`lower(${products.title})`;
  const description = sql`lower(${products.description})`;
  const shortWordsOnly = words.every((word) => letterCount(word) < INDEXABLE_MIN_LENGTH);
  const literal = shortWordsOnly ? containsAsWritten : containsLiterally;
  const inTitle = and(...words.map((word) => titleMatches(word, title, literal))) ?? sql`true`;
  const inTitleOrDescription = and(...words.map((word) => or(titleMatches(word, title, literal), literal(word, description))!)) ?? sql`true`;
  const end = search.offset + search.limit;

  return db.transaction(async (tx) => {
    // `<%` reads its threshold from this setting; `true` keeps it to this transaction.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
    if (shortWordsOnly) {
      // A constant bound, not a subquery, so the planner sees how few rows it leaves and walks the index range.
      const since = await windowStart(tx, SHORT_QUERY_WINDOW);
      if (since) filters.push(gte(products.createdAt, since));
    }
    const newest = (where: SQL | undefined, offset: number, limit: number) =>
      tx
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .offset(offset)
        .limit(limit)
        .then((rows) => rows.map((row) => row.id));

    // Title matches rank first. Two ordered queries rather than one sorted by a rank expression, so each can walk
    // the newest-first index or a trigram bitmap, whichever the planner finds cheaper, and the second runs only
    // when the page reaches past the title matches.
    const titleIds = await newest(and(...filters, inTitle), 0, end);
    const ids = titleIds.slice(search.offset);
    if (titleIds.length < end) {
      const skip = Math.max(0, search.offset - titleIds.length);
      ids.push(...(await newest(and(...filters, inTitleOrDescription, not(inTitle)), skip, search.limit - ids.length)));
    }
    // A page that is neither full nor past the end already says how many match.
    if (ids.length > 0 && ids.length < search.limit) return { ids, total: search.offset + ids.length };

    const counted = tx.select({ one: sql`1` }).from(products).where(and(...filters, inTitleOrDescription)).limit(end + search.limit).as("counted");
    const [row] = await tx.select({ total: count() }).from(counted);
    return { ids, total: row?.total ?? 0 };
  });
}

function listingFilters(search: ProductSearch): SQL[] {
  const filters: SQL[] = [eq(products.status, "active"), isNull(products.deletedAt)];
  if (search.categoryIds) filters.push(inArray(products.categoryId, search.categoryIds));
  if (search.minPriceKopecks !== undefined) filters.push(gte(products.priceKopecks, search.minPriceKopecks));
  if (search.maxPriceKopecks !== undefined) filters.push(lte(products.priceKopecks, search.maxPriceKopecks));
  return filters;
}

/** A title matches a word of 4+ letters when trigram word similarity says so; a shorter word must be in it as written. */
function titleMatches(word: string, title: SQL, literal: (word: string, column: SQL) => SQL): SQL {
  return letterCount(word) >= FUZZY_MIN_LENGTH ? sql`${word} <% ${title}` : literal(word, title);
}

function letterCount(word: string): number {
  return word.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/** When the `window`-th newest listing on sale was created (undefined when there are fewer): an index-only scan. */
async function windowStart(db: Db, window: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: products.createdAt })
    .from(products)
    .where(and(eq(products.status, "active"), isNull(products.deletedAt)))
    .orderBy(desc(products.createdAt))
    .offset(window - 1)
    .limit(1);
  return row?.createdAt;
}

/** Case-insensitive substring test that takes `\`, `%` and `_` in the word literally, not as LIKE wildcards. */
function containsLiterally(word: string, column: SQL): SQL {
  const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`${column} like lower(${pattern})`;
}

/**
 * The same test for a query of short words only: the planner cannot hand strpos to the trigram index, which would
 * return every row for a pattern without trigrams, so it walks the window of newest listings instead.
 */
function containsAsWritten(word: string, column: SQL): SQL {
  return sql`strpos(${column}, lower(${word})) > 0`;
}

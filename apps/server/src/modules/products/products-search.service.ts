import { and, desc, eq, gte, inArray, isNull, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";

export type ProductSearch = {
  q: string;
  categoryIds?: string[];
  minPriceKopecks?: number;
  maxPriceKopecks?: number;
  limit: number;
  offset: number;
};

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
 * The word lists of titles and of titles with descriptions, written exactly as the expressions of
 * products_title_words_idx and products_text_words_idx so the planner uses those indexes; 'simple' splits on
 * non-letters and lower-cases without stemming, in every language.
 */
const titleWords = sql`to_tsvector('simple', ${products.title})`;
const textWords = sql`to_tsvector('simple', ${products.title} || ' ' || ${products.description})`;

/**
 * Search for the storefront: ids of active, not deleted products containing every word of `q`, in any order,
 * case-insensitive; listings with every word in the title first, then the others, each newest first.
 *
 * A word of 4+ letters or digits and nothing else ("account", "Minecraf") first matches listings with a word
 * that starts with it, looked up in the full-text indexes: `@@` needs no re-check of the row, so "arcana" costs
 * its matches rather than re-checking 9,000 trigram candidates at ~5 µs each. Only when nothing matches that way
 * is the query taken to hold typos, and every word of 4+ letters then matches a title with typos (pg_trgm word
 * similarity) and a description as written (substring), as other words of 4+ letters ("e-mail") always do.
 * Typos are forgiven in titles only because re-checking a trigram match costs about 30 µs on a 200-character
 * description against 2 µs for a substring. Shorter words match as written in both. Both forms use the
 * gin_trgm_ops indexes on lower(title) and lower(description), on PGlite and PostgreSQL alike. A query of words
 * shorter than INDEXABLE_MIN_LENGTH only searches the newest SHORT_QUERY_WINDOW listings; next to a longer word,
 * a short one just narrows its matches.
 *
 * `total` counts the matches up to one past the page asked for: enough for the client, which only asks whether
 * a next page exists. They are read with the page, newest first, so the index that finds the page also ends the
 * count; a separate count of a page more re-checked rows in whatever order the planner chose (up to 370 ms at
 * 1,000,000 listings, the page itself 4 ms). Once fewer match, `total` is exact.
 */
export async function searchProductIds(db: Db, search: ProductSearch): Promise<{ ids: string[]; total: number }> {
  const words = search.q.split(/\s+/).filter((word) => word !== "");
  const filters = listingFilters(search);
  const shortWordsOnly = words.every((word) => letterCount(word) < INDEXABLE_MIN_LENGTH);
  const literal = shortWordsOnly ? containsAsWritten : containsLiterally;
  const wholeWords = words.filter(isWholeWord);
  // One listing past the page says whether a next page exists.
  const wanted = search.offset + search.limit + 1;

  return db.transaction(async (tx) => {
    // `<%` reads its threshold from this setting; `true` keeps it to this transaction.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    if (shortWordsOnly) {
      // A constant bound, not a subquery, so the planner sees how few rows it leaves and walks the index range.
      const since = await windowStart(tx, SHORT_QUERY_WINDOW);
      if (since) filters.push(gte(products.createdAt, since));
    }
    // Title matches rank first. Two ordered queries rather than one sorted by a rank expression, so each can walk
    // the newest-first index or an index bitmap, whichever the planner finds cheaper, and the second runs only
    // when the title matches end before `wanted`.
    const ranked = async ({ inTitle, inTitleOrDescription }: WordTests) => {
      const ids = await newest(tx, and(...filters, inTitle), wanted);
      if (ids.length < wanted)
        ids.push(...(await newest(tx, and(...filters, inTitleOrDescription, not(inTitle)), wanted - ids.length)));
      return ids;
    };
    let ids =
      wholeWords.length > 0
        ? await ranked(
            wordTests(
              wholeWords,
              words.filter((word) => !isWholeWord(word)),
              literal,
            ),
          )
        : [];
    if (ids.length === 0) ids = await ranked(wordTests([], words, literal));
    return { ids: ids.slice(search.offset, search.offset + search.limit), total: ids.length };
  });
}

type WordTests = { inTitle: SQL; inTitleOrDescription: SQL };

/** Tests for listings with words starting with each of `wholeWords` and with each of `otherWords` as titleMatches and `literal` say. */
function wordTests(wholeWords: string[], otherWords: string[], literal: (word: string, column: SQL) => SQL): WordTests {
  const starts = sql`to_tsquery('simple', ${wholeWords.map((word) => `${word}:*`).join(" & ")})`;
  const startWordsOf = (words: SQL) => (wholeWords.length > 0 ? [sql`${words} @@ ${starts}`] : []);
  return {
    inTitle: and(...startWordsOf(titleWords), ...otherWords.map((word) => titleMatches(word, literal))) ?? sql`true`,
    inTitleOrDescription:
      and(
        ...startWordsOf(textWords),
        ...otherWords.map((word) => or(titleMatches(word, literal), literal(word, description))!),
      ) ?? sql`true`,
  };
}

/** Ids of the first `limit` products that `where` selects, newest first. */
async function newest(db: Db, where: SQL | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

const title = sql`lower(${products.title})`;
const description = sql`lower(${products.description})`;

function listingFilters(search: ProductSearch): SQL[] {
  const filters: SQL[] = [eq(products.status, "active"), isNull(products.deletedAt)];
  if (search.categoryIds) filters.push(inArray(products.categoryId, search.categoryIds));
  if (search.minPriceKopecks !== undefined) filters.push(gte(products.priceKopecks, search.minPriceKopecks));
  if (search.maxPriceKopecks !== undefined) filters.push(lte(products.priceKopecks, search.maxPriceKopecks));
  return filters;
}

/** Letters and digits only, enough of them to forgive typos in; a tsquery takes such a word as it is. */
function isWholeWord(word: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(word) && letterCount(word) >= FUZZY_MIN_LENGTH;
}

/** A title matches a word of 4+ letters when trigram word similarity says so; a shorter word must be in it as written. */
function titleMatches(word: string, literal: (word: string, column: SQL) => SQL): SQL {
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

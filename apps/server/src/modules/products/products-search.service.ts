import type { ListingFilters } from "@lootlane/contract";
import { and, gte, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import {
  afterProduct,
  filterConditions,
  listingOrder,
  onSale,
  type OnlineSellers,
} from "./products-listing.filters.js";
import { wordVariants } from "./products-search.variants.js";

export type ProductSearch = {
  q: string;
  categoryIds?: string[];
  /** The listing's filters and sort (products-listing.filters.ts); `after` counts only with a `sort`. */
  filters: ListingFilters;
  /** Who is online now, asked only for `online`. */
  presence: OnlineSellers;
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
 * Search for the storefront: ids of products on sale (and through `filters`) containing every word of `q`, in any
 * order and any word form, case-insensitive. Without a `sort`, listings with every word in the title come first,
 * then the others, each newest (on sale) first; with one, all of them in its order.
 *
 * A word of 4+ letters or digits ("account", "Minecraf", "ljnf") first matches listings with a word that starts
 * with its stem in any of its forms: as typed, as the same keys on the other keyboard layout, in the other
 * alphabet, and both (products-search.variants.ts), so "аккаунты ljnf" is the tsquery `(аккаунты:* | frrfeyns:* |
 * akkaunty:* | фррфейнс:*) & (ljnf:* | дота:* | лджнф:* | dota:*)`, each form stemmed. It is looked up in the
 * full-text indexes: `@@` needs no re-check of the row, so "arcana" costs its matches rather than re-checking 9,000
 * trigram candidates at ~5 µs each. Only when nothing matches that way is the query taken to hold typos, and every
 * word of 4+ letters then matches a title with typos (pg_trgm word similarity) and a description as written
 * (substring), as other words of 4+ letters ("e-mail") always do. Typos are forgiven in titles only because
 * re-checking a trigram match costs about 30 µs on a 200-character description against 2 µs for a substring.
 * Shorter words match as written in both, in no other form: the other layout or alphabet of two or three letters
 * ("cs" → "сы") names almost anything. Both forms use the gin_trgm_ops indexes on lower(title) and
 * lower(description), on PGlite and PostgreSQL alike. A query of words shorter than INDEXABLE_MIN_LENGTH only
 * searches the newest SHORT_QUERY_WINDOW listings; next to a longer word, a short one just narrows its matches.
 *
 * `total` counts the matches up to one past the page asked for: enough for the client, which only asks whether
 * a next page exists. They are read with the page, in its order, so the index that finds the page also ends the
 * count; a separate count of a page more re-checked rows in whatever order the planner chose (up to 370 ms at
 * 1,000,000 listings, the page itself 4 ms). Once fewer match, `total` is exact. With a `sort`, `after` (the last
 * product of the page before) starts the page right after it instead of skipping `offset` matches; best-match
 * order pages by `offset` alone.
 */
export async function searchProductIds(db: Db, search: ProductSearch): Promise<{ ids: string[]; total: number }> {
  const words = search.q.split(/\s+/).filter((word) => word !== "");
  const { sort, after } = search.filters;
  const [visible, conditions] = await Promise.all([onSale(db), filterConditions(search.filters, search.presence)]);
  const filters = [visible, ...conditions];
  if (search.categoryIds) filters.push(inArray(products.categoryId, search.categoryIds));
  // With a sort, `after` starts the page right after that product; the query must still know whether anything
  // matches at all before taking an empty page to mean typos.
  const start = sort !== undefined && after !== undefined ? afterProduct(sort, after) : undefined;
  const shortWordsOnly = words.every((word) => letterCount(word) < INDEXABLE_MIN_LENGTH);
  const literal = shortWordsOnly ? containsAsWritten : containsLiterally;
  const wholeWords = words.filter((word) => wordForms(word) !== undefined);
  const skipped = start ? 0 : search.offset;
  // One listing past the page says whether a next page exists.
  const wanted = skipped + search.limit + 1;

  if (shortWordsOnly) {
    // A constant bound, not a subquery, so the planner sees how few rows it leaves and walks the index range.
    const since = await windowStart(db, visible, SHORT_QUERY_WINDOW);
    if (since) filters.push(gte(products.listedAt, since));
  }
  // The page of the matches of `tests`, or undefined when nothing matches them at all.
  const matching = ({ inTitle, inTitleOrDescription }: WordTests, fuzzy: boolean) =>
    withTypos(db, fuzzy, async (query): Promise<string[] | undefined> => {
      if (sort === undefined) {
        const page = await titleMatchesFirst(query, filters, inTitle, inTitleOrDescription, wanted);
        return page.length > 0 ? page : undefined;
      }
      const order = listingOrder(sort);
      const page = await firstIds(query, and(...filters, start, inTitleOrDescription), order, wanted);
      if (page.length > 0) return page;
      // An empty page after `after` may be the end of the matches, not a sign of typos.
      const anyMatch = start && (await firstIds(query, and(...filters, inTitleOrDescription), order, 1)).length > 0;
      return anyMatch ? page : undefined;
    });
  const otherWords = words.filter((word) => !wholeWords.includes(word));
  const asTyped =
    wholeWords.length > 0
      ? await matching(wordTests(wholeWords, otherWords, literal), otherWords.some(forgivesTypos))
      : undefined;
  // Nothing matches as typed, in any form: the query holds typos.
  const ids = asTyped ?? (await matching(wordTests([], words, literal), words.some(forgivesTypos))) ?? [];
  return { ids: ids.slice(skipped, skipped + search.limit), total: search.offset + ids.length - skipped };
}

/**
 * Runs `work` where `<%` accepts typos as WORD_SIMILARITY_THRESHOLD says: in a transaction that sets it, when the
 * tests hold a word matched with typos. Other searches, most of them, skip the transaction and its three round
 * trips.
 */
function withTypos<T>(db: Db, fuzzy: boolean, work: (db: Db) => Promise<T>): Promise<T> {
  if (!fuzzy) return work(db);
  return db.transaction(async (tx) => {
    // `true` keeps the setting to this transaction.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    return work(tx);
  });
}

const newestFirst = listingOrder("newest");

/**
 * The first `wanted` matches in best-match order: the title matches, then the others. Two ordered queries rather
 * than one sorted by a rank expression, so each can walk the newest-first index or an index bitmap, whichever the
 * planner finds cheaper, and the second runs only when the title matches end before `wanted`. By then the first
 * has found every title match, so the second leaves out those ids rather than testing each row's title again: the
 * planner cannot tell how many rows a negated word test leaves, and took a word found only in titles ("arcana") to
 * leave hundreds, walking all 860,000 listings on sale to find none (7 s).
 */
async function titleMatchesFirst(
  db: Db,
  filters: SQL[],
  inTitle: SQL,
  inTitleOrDescription: SQL,
  wanted: number,
): Promise<string[]> {
  const ids = await firstIds(db, and(...filters, inTitle), newestFirst, wanted);
  if (ids.length === wanted) return ids;
  const others = ids.length > 0 ? sql`${products.id} <> all(${sql.param(ids)}::uuid[])` : undefined;
  return [
    ...ids,
    ...(await firstIds(db, and(...filters, inTitleOrDescription, others), newestFirst, wanted - ids.length)),
  ];
}

type WordTests = { inTitle: SQL; inTitleOrDescription: SQL };

/**
 * Tests for listings with each of `wholeWords` in some form (wordForms) and each of `otherWords` as titleMatches and
 * `literal` say. The whole words are looked up in the stemmed words of titles and of titles with descriptions
 * (title_words and text_words, db/schema/catalog.ts), each GIN-indexed: the 'russian' configuration splits on
 * non-letters, lower-cases and reduces a Cyrillic word to its stem with the Russian snowball stemmer and a Latin one
 * with the English stemmer ("почте" → почт, "keys" → key), and leaves out the words of either language that say
 * nothing ("with", "когда"); the query's words go through the same.
 */
function wordTests(wholeWords: string[], otherWords: string[], literal: (word: string, column: SQL) => SQL): WordTests {
  const query = sql.join(
    wholeWords.map((word) => wordForms(word)!),
    sql` && `,
  );
  const startWordsOf = (words: AnyColumn) => (wholeWords.length > 0 ? [sql`${words} @@ (${query})`] : []);
  return {
    inTitle:
      and(...startWordsOf(products.titleWords), ...otherWords.map((word) => titleMatches(word, literal))) ?? sql`true`,
    inTitleOrDescription:
      and(
        ...startWordsOf(products.textWords),
        ...otherWords.map((word) => or(titleMatches(word, literal), literal(word, description))!),
      ) ?? sql`true`,
  };
}

/**
 * The tsquery of a whole word: a word starting with the stem of any of its forms (products-search.variants.ts) that
 * is made of FUZZY_MIN_LENGTH or more letters or digits and nothing else, the only forms a tsquery takes as they are
 * and long enough to say what was meant ("rk.x", "ключ" typed on the Latin layout, counts as "ключ" alone; "shchi"
 * does not count as "щи"). Undefined for a word with no such form, which is then no whole word. A word that its own
 * language leaves out of every text ("with", "когда") is left out of the query, as to_tsquery leaves it out, rather
 * than looked for in its other forms ("цшер", "вит"), which a listing of skins "with" no bans does not have.
 */
function wordForms(word: string): SQL | undefined {
  const forms = wordVariants(word).filter((form) => isLettersAndDigits(form) && form.length >= FUZZY_MIN_LENGTH);
  const [first, ...others] = forms.map((form) => sql`to_tsquery('russian', ${`${form}:*`})`);
  if (!first) return undefined;
  const anyForm = sql`(${sql.join([first, ...others], sql` || `)})`;
  return forms[0] === word.toLowerCase()
    ? sql`(case when numnode(${first}) = 0 then ${first} else ${anyForm} end)`
    : anyForm;
}

/** Ids of the first `limit` products that `where` selects, in `order`. */
async function firstIds(db: Db, where: SQL | undefined, order: SQL[], limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => row.id);
}

const title = sql`lower(${products.title})`;
const description = sql`lower(${products.description})`;

function isLettersAndDigits(word: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(word);
}

/** A title matches a word of 4+ letters when trigram word similarity says so; a shorter one must occur as written. */
function titleMatches(word: string, literal: (word: string, column: SQL) => SQL): SQL {
  return forgivesTypos(word) ? sql`${word} <% ${title}` : literal(word, title);
}

function forgivesTypos(word: string): boolean {
  return letterCount(word) >= FUZZY_MIN_LENGTH;
}

function letterCount(word: string): number {
  return word.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/** When the `window`-th newest listing on sale went on sale (undefined when there are fewer): an index-only scan. */
async function windowStart(db: Db, visible: SQL, window: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ listedAt: products.listedAt })
    .from(products)
    .where(visible)
    .orderBy(...newestFirst)
    .offset(window - 1)
    .limit(1);
  return row?.listedAt ?? undefined;
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

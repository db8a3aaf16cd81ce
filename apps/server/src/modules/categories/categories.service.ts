import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { categories, type Category as CategoryRow } from "../../db/schema/catalog.js";
import { AppError } from "../../platform/errors/app-error.js";

/*
 * The categories as everyone reads them: the public catalogue (games, their kinds of goods, what is hidden) and
 * the rules the admin's edits (categories-editing.service.ts) share with it.
 */

/** Not deleted (a deleted category keeps its row for the products its sellers deleted). */
const live = isNull(categories.deletedAt);
export const liveById = (id: string): SQL => and(eq(categories.id, id), live)!;

export const siblingsOf = (parentId: string | null): SQL =>
  and(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId), live)!;

/** The admin's order among siblings, then the name: every list of categories, public or not. */
export const byPosition = [asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id)];

/*
 * Issue 23: what the public may see (hidesCategory, the one place the rule is written). The outer row is named with
 * its table, as in effectiveGuaranteeDays.
 */
const visible = sql`not ${hidesCategory(sql`${categories}.${sql.identifier(categories.id.name)}`)}`;

/**
 * The ids of the hidden categories, for the products module's public reads: a product filed under one, or under a
 * hidden game, is off the catalogue.
 */
export async function hiddenCategoryIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.hidden, true));
  return rows.map((row) => row.id);
}

/**
 * Whether a category is hidden, or its game is: a hidden category is gone with everything under it, a kind of goods
 * is only as visible as its game. A column of any statement, so a product page reads its product and this in one
 * round trip. `categoryId` names the outer row's column with its table (see users-stats.service.ts for why).
 */
export function hidesCategory(categoryId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${categories} c left join ${categories} g on g.id = c.parent_id
    where c.id = ${categoryId} and (c.hidden or g.hidden is true))`;
}

/**
 * Every category, games first, each group in the admin's order: the client picks games and subcategories from
 * one list. The public list leaves hidden ones out; `withHidden` (admins) keeps them.
 */
export function listCategories(db: Db, { withHidden = false }: { withHidden?: boolean } = {}): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(withHidden ? live : visible)
    .orderBy(sql`${categories.parentId} is not null`, ...byPosition);
}

/** The kinds of goods of one game (ARCHITECTURE.md §4); the id must be a game. */
export async function listGameSubcategories(db: Db, gameId: string): Promise<CategoryRow[]> {
  const game = await findVisibleCategory(db, gameId);
  if (!game || game.parentId !== null) throw new AppError("CATEGORY_NOT_FOUND");
  return childrenOf(db, gameId);
}

/** The children of any category (an empty list for a subcategory). */
export async function listSubcategories(db: Db, categoryId: string): Promise<CategoryRow[]> {
  if (!(await findVisibleCategory(db, categoryId))) throw new AppError("CATEGORY_NOT_FOUND");
  return childrenOf(db, categoryId);
}

/** The category and, for a game, its subcategories: a game's listing includes the goods filed under its kinds. */
export async function categoryAndSubcategoryIds(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(or(eq(categories.id, categoryId), eq(categories.parentId, categoryId)), visible));
  if (!rows.some((row) => row.id === categoryId)) throw new AppError("CATEGORY_NOT_FOUND");
  return rows.map((row) => row.id);
}

/** The subcategory behind /products/{gameSlug}/{subcategorySlug}. */
export async function findGameSubcategory(db: Db, gameSlug: string, subcategorySlug: string): Promise<CategoryRow> {
  const games = alias(categories, "games");
  const [subcategory] = await db
    .select({ category: categories })
    .from(categories)
    .innerJoin(games, eq(games.id, categories.parentId))
    .where(
      and(
        eq(categories.slug, subcategorySlug),
        eq(games.slug, gameSlug),
        isNull(games.parentId),
        eq(games.hidden, false),
        eq(categories.hidden, false),
      ),
    )
    .limit(1);
  if (!subcategory) throw new AppError("CATEGORY_NOT_FOUND");
  return subcategory.category;
}

/** The game behind /games/{gameSlug}, else CATEGORY_NOT_FOUND. */
export async function findGameBySlug(db: Db, gameSlug: string): Promise<CategoryRow> {
  const [game] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, gameSlug), isNull(categories.parentId), eq(categories.hidden, false)));
  if (!game) throw new AppError("CATEGORY_NOT_FOUND");
  return game;
}

/** The game behind /games/{gameSlug} and its kinds of goods by name (the page's tabs), else CATEGORY_NOT_FOUND. */
export async function findGameWithSubcategories(
  db: Db,
  gameSlug: string,
): Promise<{ game: CategoryRow; subcategories: CategoryRow[] }> {
  const game = await findGameBySlug(db, gameSlug);
  return { game, subcategories: await childrenOf(db, game.id) };
}

/**
 * The game of a visible category (the category itself when it is a game), else CATEGORY_NOT_FOUND: a hidden one
 * has no public listing and takes no new products.
 */
export async function gameOfCategory(db: Db, categoryId: string): Promise<string> {
  const category = await findVisibleCategory(db, categoryId);
  if (!category) throw new AppError("CATEGORY_NOT_FOUND");
  return category.parentId ?? category.id;
}

/**
 * A category's guarantee in days as buyers get it (issue 22): its own period, else its game's, else none. For
 * reading beside `categories` rows, so a page of products costs no extra query.
 */
// The outer row's parent is named with its table: drizzle writes a bare column name here, which inside the
// subquery would mean the game's own parent.
export const effectiveGuaranteeDays = sql<number>`coalesce(${categories.guaranteeDays}, (
  select games.guarantee_days from ${categories} games where games.id = "categories"."parent_id"), 0)`.mapWith(Number);

/** The guarantee in days a deal completed now in this category gets (effectiveGuaranteeDays). */
export async function guaranteeDaysOf(db: Db, categoryId: string): Promise<number> {
  const [row] = await db.select({ days: effectiveGuaranteeDays }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw new AppError("CATEGORY_NOT_FOUND");
  return row.days;
}

export async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(liveById(id));
  return row;
}

async function findVisibleCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), visible));
  return row;
}

/** The visible children of a category, in the admin's order. */
function childrenOf(db: Db, parentId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.parentId, parentId), visible))
    .orderBy(...byPosition);
}

import type { CreateCategoryFields, FieldError, UpdateCategoryRequest } from "@lootlane/contract";
import { and, asc, eq, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { categories, type Category as CategoryRow, type NewCategory } from "../../db/schema/catalog.js";
import { slugify } from "../../db/slug.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { processAndStoreImages, storedKeys } from "../../platform/images/image-batch.js";
import { removeStoredImages } from "../../platform/images/image-storage.js";
import type { UploadedFile } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { violatedUniqueConstraint } from "../../platform/errors/database-errors.js";

export type CategoryDeps = { db: Db; media: MediaStore; log: Pick<FastifyBaseLogger, "warn"> };

// Category pictures are cards in selects and the admin list: 800 px is plenty, 240 px thumbnails for lists.
const CATEGORY_IMAGE = { maxSide: 800, thumbnailWidth: 240 };
const CATEGORY_FOLDER = "categories";

/*
 * GET /products/{gameSlug}/{subcategorySlug} shares its first segment with the fixed product paths, and its
 * second with GET /products/{id}/stock; a game or subcategory with one of these slugs would be hidden behind
 * them, so it gets the next free slug instead.
 */
const RESERVED_GAME_SLUGS = new Set(["get", "category", "user", "search"]);
const RESERVED_SUBCATEGORY_SLUGS = new Set(["stock"]);

const siblingsOf = (parentId: string | null): SQL =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId);

/** Every category, games first, each group by name: the client picks games and subcategories from one list. */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .orderBy(sql`${categories.parentId} is not null`, asc(sql`lower(${categories.name})`), asc(categories.id));
}

/** The kinds of goods of one game (ARCHITECTURE.md §4); the id must be a game. */
export async function listGameSubcategories(db: Db, gameId: string): Promise<CategoryRow[]> {
  const game = await findCategory(db, gameId);
  if (!game || game.parentId !== null) throw new AppError("CATEGORY_NOT_FOUND");
  return childrenOf(db, gameId);
}

/** The children of any category (an empty list for a subcategory). */
export async function listSubcategories(db: Db, categoryId: string): Promise<CategoryRow[]> {
  if (!(await findCategory(db, categoryId))) throw new AppError("CATEGORY_NOT_FOUND");
  return childrenOf(db, categoryId);
}

/** The category and, for a game, its subcategories: a game's listing includes the goods filed under its kinds. */
export async function categoryAndSubcategoryIds(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.id, categoryId), eq(categories.parentId, categoryId)));
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
    .where(and(eq(categories.slug, subcategorySlug), eq(games.slug, gameSlug), isNull(games.parentId)))
    .limit(1);
  if (!subcategory) throw new AppError("CATEGORY_NOT_FOUND");
  return subcategory.category;
}

/** The game behind /games/{gameSlug}, else CATEGORY_NOT_FOUND. */
export async function findGameBySlug(db: Db, gameSlug: string): Promise<CategoryRow> {
  const [game] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, gameSlug), isNull(categories.parentId)));
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

/** The game of a category (the category itself when it is a game), else CATEGORY_NOT_FOUND. */
export async function gameOfCategory(db: Db, categoryId: string): Promise<string> {
  const category = await findCategory(db, categoryId);
  if (!category) throw new AppError("CATEGORY_NOT_FOUND");
  return category.parentId ?? category.id;
}

/**
 * Admin: adds a game (no parent) or a subcategory of a game, named in English and Russian (the English name and
 * description stand in for Russian ones not given). Each name is unique among siblings ignoring case, so neither
 * language's page shows two tabs alike; the slug is made from the English name (Cyrillic transliterated) and
 * numbered when a sibling already has it. The image is stored before the transaction and removed again if the
 * category is refused.
 */
export async function createCategory(
  { db, media, log }: CategoryDeps,
  admin: Pick<AuthUser, "id">,
  fields: CreateCategoryFields,
  upload: UploadedFile,
): Promise<CategoryRow> {
  const [stored] = await processAndStoreImages(media, [upload], CATEGORY_FOLDER, log, CATEGORY_IMAGE);
  try {
    return await db.transaction(async (tx) => {
      const parentId = fields.parent_category_id ?? null;
      if (parentId !== null) {
        const parent = await findCategory(tx, parentId);
        if (!parent) throw new AppError("PARENT_CATEGORY_NOT_FOUND");
        if (parent.parentId !== null) {
          throw validationError([
            { field: "parent_category_id", message: "A subcategory belongs to a game, not to another subcategory" },
          ]);
        }
      }
      const nameRu = fields.name_ru || fields.name;
      const taken = await namesTaken(tx, parentId, fields.name, nameRu);
      if (taken.length > 0) throw new AppError("CATEGORY_NAME_ALREADY_EXISTS", {}, { fieldErrors: taken });
      const [row] = await tx
        .insert(categories)
        .values({
          name: fields.name,
          nameRu,
          description: fields.description,
          descriptionRu: fields.description_ru || fields.description,
          slug: await freeSlug(tx, fields.name, parentId),
          imageUrl: stored!.imageUrl,
          parentId,
        })
        .returning();
      const { id, name, slug, description, descriptionRu, imageUrl } = row!;
      await recordAdminAction(tx, admin, {
        action: "category.create",
        targetType: "category",
        targetId: id,
        before: null,
        after: {
          name,
          name_ru: nameRu,
          slug,
          description,
          description_ru: descriptionRu,
          image_url: imageUrl,
          parent_id: parentId,
        },
      });
      return row!;
    });
  } catch (error) {
    await removeStoredImages(media, storedKeys([stored!]), log);
    throw conflictOf(error) ?? error;
  }
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

/**
 * PATCH /admin/category/{id}: changes the fields given (only the guarantee period for now), audit-logged with
 * their values before and after. The catalogue's caches are emptied once it commits (`catalogueChanged`, the
 * products module's signal, given at start-up since products read categories): product pages show the guarantee
 * their kind of goods now gives.
 */
export async function updateCategory(
  { db, catalogueChanged }: { db: Db; catalogueChanged: (db: Db) => void },
  admin: Pick<AuthUser, "id">,
  id: string,
  patch: UpdateCategoryRequest,
): Promise<CategoryRow> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) throw new AppError("CATEGORY_NOT_FOUND");
    if (patch.guarantee_days === undefined) return before;
    const [row] = await tx
      .update(categories)
      .set({ guaranteeDays: patch.guarantee_days })
      .where(eq(categories.id, id))
      .returning();
    await recordAdminAction(tx, admin, {
      action: "category.update",
      targetType: "category",
      targetId: id,
      before: { guarantee_days: before.guaranteeDays },
      after: { guarantee_days: row!.guaranteeDays },
    });
    return row!;
  });
  catalogueChanged(db);
  return updated;
}

async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

function childrenOf(db: Db, parentId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
}

/**
 * Which of the two names a sibling already has (ignoring case), as the refusal's fields. Siblings are added one at
 * a time (a lock per parent, held to the end of the transaction): the Russian name has no unique index, so two
 * admins giving the same one at once would otherwise both pass.
 */
async function namesTaken(tx: Db, parentId: string | null, name: string, nameRu: string): Promise<FieldError[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`categories:${parentId ?? "games"}`}, 0))`);
  const sameName = sql<boolean>`lower(${categories.name}) = lower(${name})`;
  const sameNameRu = sql<boolean>`lower(${categories.nameRu}) = lower(${nameRu})`;
  const clashes = await tx
    .select({ sameName, sameNameRu })
    .from(categories)
    .where(and(siblingsOf(parentId), or(sameName, sameNameRu)));
  return [
    ...(clashes.some((clash) => clash.sameName)
      ? [{ field: "name", message: "Another category beside it has this name" }]
      : []),
    ...(clashes.some((clash) => clash.sameNameRu)
      ? [{ field: "name_ru", message: "Another category beside it has this Russian name" }]
      : []),
  ];
}

/** `slug`, else `slug-2`, `slug-3`…: the first one no sibling and no fixed product path uses. */
async function freeSlug(db: Db, name: string, parentId: string | null): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .select({ slug: categories.slug })
        .from(categories)
        .where(and(siblingsOf(parentId), like(categories.slug, `${base}%`)))
    ).map((row) => row.slug),
  );
  for (const reserved of parentId === null ? RESERVED_GAME_SLUGS : RESERVED_SUBCATEGORY_SLUGS) taken.add(reserved);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

// Behind the lock of namesTaken no two siblings are added at once; the unique indexes still hold the English name
// and the slug against any other writer.
const conflictByConstraint: Record<string, "CATEGORY_NAME_ALREADY_EXISTS" | "CATEGORY_ALREADY_EXISTS"> = {
  categories_parent_name_key: "CATEGORY_NAME_ALREADY_EXISTS",
  categories_parent_slug_key: "CATEGORY_ALREADY_EXISTS",
};

/** A unique violation of the categories table, as the API's 409. */
function conflictOf(error: unknown): AppError | undefined {
  const constraint = violatedUniqueConstraint(error);
  const code = constraint === undefined ? undefined : conflictByConstraint[constraint];
  return code ? new AppError(code, {}, { cause: error }) : undefined;
}

/** Categories made whole elsewhere (the seed's demo games); parents go in before their children. */
export async function createCategories(tx: Db, rows: NewCategory[]): Promise<void> {
  await tx.insert(categories).values(rows);
}

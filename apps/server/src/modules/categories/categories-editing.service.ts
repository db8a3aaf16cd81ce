import type {
  CreateCategoryFields,
  FieldError,
  ReorderCategoriesRequest,
  UpdateCategoryRequest,
} from "@lootlane/contract";
import { and, count, eq, isNull, like, ne, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { categories, products, type Category as CategoryRow, type NewCategory } from "../../db/schema/catalog.js";
import { slugify } from "../../db/slug.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { processAndStoreImages, storedKeys } from "../../platform/images/image-batch.js";
import { removeStoredImages, storedImageKeys } from "../../platform/images/image-storage.js";
import type { UploadedFile } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { violatedUniqueConstraint } from "../../platform/errors/database-errors.js";
import { byPosition, findCategory, liveById, siblingsOf } from "./categories.service.js";
import { categoryChanged } from "./categories.events.js";

/*
 * The admin's edits of the catalogue (issue 23): adding, renaming, re-imaging, reordering, hiding and deleting
 * categories, each in a transaction, audit-logged, siblings changed one at a time.
 */

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
      categoryChanged(tx);
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

type CatalogueDeps = { db: Db; catalogueChanged: (db: Db) => void };

/** The fields an admin edits, as the audit log and the API name them. */
function editable(row: CategoryRow) {
  return {
    name: row.name,
    name_ru: row.nameRu,
    description: row.description,
    description_ru: row.descriptionRu,
    hidden: row.hidden,
    guarantee_days: row.guaranteeDays,
  };
}

/**
 * PATCH /admin/category/{id}: changes the fields given, audit-logged with the changed ones before and after. A
 * rename keeps the slug, so shared links keep working; a name still has to be unique among siblings in each
 * language. An empty Russian text falls back to the English one, as at creation. The catalogue's caches are
 * emptied once it commits (`catalogueChanged`, the products module's signal, given at start-up since products
 * read categories): listings, product pages and guarantees follow at once.
 */
export async function updateCategory(
  { db, catalogueChanged }: CatalogueDeps,
  admin: Pick<AuthUser, "id">,
  id: string,
  patch: UpdateCategoryRequest,
): Promise<CategoryRow> {
  let changed = false;
  try {
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(liveById(id)).for("update");
      if (!before) throw new AppError("CATEGORY_NOT_FOUND");
      const name = patch.name ?? before.name;
      const description = patch.description ?? before.description;
      const next = {
        name,
        nameRu: patch.name_ru === undefined ? before.nameRu : patch.name_ru || name,
        description,
        descriptionRu: patch.description_ru === undefined ? before.descriptionRu : patch.description_ru || description,
        hidden: patch.hidden ?? before.hidden,
        guaranteeDays: patch.guarantee_days === undefined ? before.guaranteeDays : patch.guarantee_days,
      };
      const old = editable(before);
      const now = editable({ ...before, ...next });
      const keys = (Object.keys(now) as Array<keyof typeof now>).filter((key) => now[key] !== old[key]);
      if (keys.length === 0) return before;
      if (keys.includes("name") || keys.includes("name_ru")) {
        const taken = await namesTaken(tx, before.parentId, next.name, next.nameRu, id);
        if (taken.length > 0) throw new AppError("CATEGORY_NAME_ALREADY_EXISTS", {}, { fieldErrors: taken });
      }
      const [row] = await tx.update(categories).set(next).where(eq(categories.id, id)).returning();
      categoryChanged(tx);
      await recordAdminAction(tx, admin, {
        action: "category.update",
        targetType: "category",
        targetId: id,
        before: Object.fromEntries(keys.map((key) => [key, old[key]])),
        after: Object.fromEntries(keys.map((key) => [key, now[key]])),
      });
      changed = true;
      return row!;
    });
    if (changed) catalogueChanged(db);
    return updated;
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

/**
 * PUT /admin/category/{id}/image: the new picture goes through creation's pipeline and is stored before the
 * transaction (removed again if the change is refused); the old one's files are removed only after the commit,
 * so a failed change never leaves the category pointing at nothing.
 */
export async function replaceCategoryImage(
  { db, media, log, catalogueChanged }: CategoryDeps & CatalogueDeps,
  admin: Pick<AuthUser, "id">,
  id: string,
  upload: UploadedFile,
): Promise<CategoryRow> {
  const [stored] = await processAndStoreImages(media, [upload], CATEGORY_FOLDER, log, CATEGORY_IMAGE);
  let result: { row: CategoryRow; oldUrl: string | null };
  try {
    result = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(liveById(id)).for("update");
      if (!before) throw new AppError("CATEGORY_NOT_FOUND");
      const [row] = await tx
        .update(categories)
        .set({ imageUrl: stored!.imageUrl })
        .where(eq(categories.id, id))
        .returning();
      categoryChanged(tx);
      await recordAdminAction(tx, admin, {
        action: "category.image",
        targetType: "category",
        targetId: id,
        before: { image_url: before.imageUrl },
        after: { image_url: row!.imageUrl },
      });
      return { row: row!, oldUrl: before.imageUrl };
    });
  } catch (error) {
    await removeStoredImages(media, storedKeys([stored!]), log);
    throw error;
  }
  if (result.oldUrl !== null) await removeStoredImages(media, storedImageKeys(result.oldUrl), log);
  catalogueChanged(db);
  return result.row;
}

/**
 * POST /admin/categories/reorder: `ids` become the order of the parent's children, positions 0, 1, 2… in one
 * transaction. They must be exactly the siblings, each once: an order made from a stale list (a sibling added or
 * removed since) is refused rather than half applied. Siblings change one at a time (namesTaken's lock).
 */
export async function reorderCategories(
  { db, catalogueChanged }: CatalogueDeps,
  admin: Pick<AuthUser, "id">,
  { parent_id: parentId, ids }: ReorderCategoriesRequest,
): Promise<CategoryRow[]> {
  const reordered = await db.transaction(async (tx) => {
    if (parentId !== null && !(await findCategory(tx, parentId))) throw new AppError("CATEGORY_NOT_FOUND");
    await lockSiblings(tx, parentId);
    const siblings = await tx
      .select()
      .from(categories)
      .where(siblingsOf(parentId))
      .orderBy(...byPosition);
    const known = new Set(siblings.map((sibling) => sibling.id));
    if (ids.length !== siblings.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw new AppError("CATEGORY_ORDER_MISMATCH");
    for (const [position, id] of ids.entries())
      await tx.update(categories).set({ position }).where(eq(categories.id, id));
    categoryChanged(tx);
    await recordAdminAction(tx, admin, {
      action: "category.reorder",
      targetType: "category",
      // The target is the parent whose children moved; the games have none, and are named so.
      targetId: parentId ?? "games",
      before: { ids: siblings.map((sibling) => sibling.id) },
      after: { ids },
    });
    return tx
      .select()
      .from(categories)
      .where(siblingsOf(parentId))
      .orderBy(...byPosition);
  });
  catalogueChanged(db);
  return reordered;
}

/**
 * DELETE /admin/category/{id}: only an empty category goes, else CATEGORY_NOT_EMPTY. Empty means no subcategory and
 * no product its seller still has, in any status (a paused or sold-out listing may come back on sale). Products
 * their sellers deleted keep their rows and deals' history pointing at the category, so it stays as a deleted and
 * hidden row (`deleted_at`) rather than going. The image files go after the commit.
 */
export async function deleteCategory(
  { db, media, log, catalogueChanged }: CategoryDeps & CatalogueDeps,
  admin: Pick<AuthUser, "id">,
  id: string,
): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(liveById(id)).for("update");
    if (!before) throw new AppError("CATEGORY_NOT_FOUND");
    await lockSiblings(tx, id);
    const [[children], [kept]] = await Promise.all([
      tx.select({ n: count() }).from(categories).where(siblingsOf(id)),
      tx
        .select({ n: count() })
        .from(products)
        .where(and(or(eq(products.categoryId, id), eq(products.gameId, id)), isNull(products.deletedAt))),
    ]);
    if (children!.n > 0 || kept!.n > 0) throw new AppError("CATEGORY_NOT_EMPTY");
    await tx
      .update(categories)
      .set({ deletedAt: sql`now()`, hidden: true, imageUrl: null })
      .where(eq(categories.id, id));
    categoryChanged(tx);
    await recordAdminAction(tx, admin, {
      action: "category.delete",
      targetType: "category",
      targetId: id,
      before: { ...editable(before), slug: before.slug, image_url: before.imageUrl, parent_id: before.parentId },
      after: null,
    });
    return before;
  });
  if (deleted.imageUrl !== null) await removeStoredImages(media, storedImageKeys(deleted.imageUrl), log);
  catalogueChanged(db);
}

/** One parent's children change one at a time, to the end of the transaction (additions, reorders, deletions). */
async function lockSiblings(tx: Db, parentId: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`categories:${parentId ?? "games"}`}, 0))`);
}

/**
 * Which of the two names a sibling (other than the one renamed) already has (ignoring case), as the refusal's
 * fields. Siblings are added or renamed one at a time (a lock per parent, held to the end of the transaction): the Russian name has no unique index, so two
 * admins giving the same one at once would otherwise both pass.
 */
async function namesTaken(
  tx: Db,
  parentId: string | null,
  name: string,
  nameRu: string,
  renamedId?: string,
): Promise<FieldError[]> {
  await lockSiblings(tx, parentId);
  const sameName = sql<boolean>`lower(${categories.name}) = lower(${name})`;
  const sameNameRu = sql<boolean>`lower(${categories.nameRu}) = lower(${nameRu})`;
  const clashes = await tx
    .select({ sameName, sameNameRu })
    .from(categories)
    .where(and(siblingsOf(parentId), or(sameName, sameNameRu), renamedId ? ne(categories.id, renamedId) : undefined));
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
  categoryChanged(tx);
}

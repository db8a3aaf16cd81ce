import {
  PRODUCT_IMAGES_FIELD,
  PRODUCT_IMAGES_MAX,
  roublesToKopecks,
  type CreateProductFields,
  type ProductDelivery,
  type StockLine,
  type UpdateProductFields,
} from "@lootlane/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { UploadLimits } from "../../config.js";
import type { Db } from "../../db/client.js";
import {
  productImages,
  products,
  type Product as ProductRow,
  type ProductImage as ProductImageRow,
  type ProductStatus,
} from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { processAndStoreImages, storedKeys } from "../../platform/images/image-batch.js";
import { removeStoredImages, storedImageKeys, type StoredImage } from "../../platform/images/image-storage.js";
import { ensureUploadAllowed, recordUploads, releaseUploads } from "../../platform/images/upload-quota.js";
import type { UploadedFile } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";
import { gameOfCategory } from "../categories/categories.service.js";
import { editDelivery } from "./products-delivery.service.js";
import { hasOpenDeal, insertUnits, soleUnitsOf } from "./products-units.service.js";
import { catalogueChanged, sellerProductsChanged } from "./products.events.js";
import { mayView } from "./products.access.js";
import { loadProductViews, type ProductView } from "./products.views.js";

export type EditingDeps = {
  db: Db;
  media: MediaStore;
  cipher: DataCipher;
  log: Pick<FastifyBaseLogger, "warn">;
  limiter: RateLimiter;
  uploadLimits: UploadLimits;
};

const HOUR_MS = 60 * 60 * 1000;
const creationsPerHour = (max: number): RateLimitRule => ({
  name: "product-create:user",
  max,
  windowMs: HOUR_MS,
  code: "PRODUCT_RATE_LIMITED",
});

const PRODUCT_FOLDER = "products";
// A seller may change these; a product in a deal or sold is the buyer's record and stays as it was bought.
const EDITABLE_STATUSES: readonly ProductStatus[] = ["moderation", "active", "paused", "rejected"];

/**
 * POST /products/: a new listing in `moderation` with 1–10 images. Images are checked and stored before the
 * transaction; if anything fails afterwards they are removed, so a refused request leaves no row and no file.
 * A seller creates at most PRODUCTS_PER_HOUR products an hour (a failed creation does not count), and the
 * images count against their upload quota.
 */
export async function createProduct(
  deps: EditingDeps,
  sellerId: string,
  fields: CreateProductFields,
  uploads: readonly UploadedFile[],
): Promise<ProductView> {
  const { db, media, cipher, log, uploadLimits } = deps;
  assertImageCount(uploads.length);
  // Categories are never deleted, so one that exists now still exists when the row is inserted.
  const gameId = await gameOfCategory(db, fields.category_id);
  const creation = await deps.limiter.reserve(creationsPerHour(uploadLimits.productsPerHour), sellerId);
  let stored: StoredImage[] = [];
  try {
    await ensureUploadAllowed(db, sellerId, uploadLimits);
    stored = await processAndStoreImages(media, uploads, PRODUCT_FOLDER, log);
    const { delivery, note, units } = deliveryOf(fields);
    const row = await db.transaction(async (tx) => {
      // The listing starts with its seller's rating (setSellerRating keeps it in step). Shared lock: a review
      // counted now (it holds the row for no key update) either commits first and its rating is read here, or
      // waits for this product and then rates it too.
      const [seller] = await tx.select({ rating: users.rating }).from(users).where(eq(users.id, sellerId)).for("share");
      const [product] = await tx
        .insert(products)
        .values({
          sellerId,
          sellerRating: seller!.rating,
          categoryId: fields.category_id,
          gameId,
          title: fields.title,
          description: fields.description,
          priceKopecks: roublesToKopecks(fields.price),
          productDataEncrypted: note === undefined ? null : cipher.encrypt(note),
          delivery,
          inStock: delivery === "manual" ? fields.quantity! : 0,
          status: "moderation",
        })
        .returning();
      sellerProductsChanged(tx, sellerId);
      const inStock = units.length > 0 ? await insertUnits(tx, cipher, product!, units) : product!.inStock;
      await insertImages(tx, product!, stored, 0);
      await recordUploads(tx, sellerId, stored, uploadLimits);
      return { ...product!, inStock };
    });
    const [view] = await loadProductViews(db, [row]);
    return view!;
  } catch (error) {
    await creation.cancel();
    await removeStoredImages(media, storedKeys(stored), log);
    throw error;
  }
}

/**
 * What a new listing delivers (the contract checked that the fields fit together): `quantity` makes it `manual`
 * with product_data as what the buyer receives; `stock_items` make it `auto` with product_data as the optional
 * note beside every buyer's units; the spec's product_data alone is an `auto` listing of that one unit.
 */
function deliveryOf(fields: CreateProductFields): {
  delivery: ProductDelivery;
  note: string | undefined;
  units: StockLine[];
} {
  const delivery = fields.delivery ?? (fields.quantity === undefined ? "auto" : "manual");
  if (delivery === "manual") return { delivery, note: fields.product_data, units: [] };
  if (fields.stock_items !== undefined) return { delivery, note: fields.product_data, units: fields.stock_items };
  return { delivery, note: undefined, units: [{ line: 1, item: fields.product_data! }] };
}

/**
 * PATCH /products/ and PATCH /products/images: the seller changes only what was sent, removes the images named
 * in `deleted_image_ids` and adds the uploads; the product keeps 1–10 images. A rejected product goes back to
 * moderation on any edit (the seller resubmits it); an active or paused one when what a buyer reads or sees changes
 * (title, description, goods, category, new images), not for a new price or a removed image alone.
 * Removed images' files go once the change is committed; new files go if it fails.
 */
export async function editProduct(
  deps: EditingDeps,
  user: AuthUser,
  fields: UpdateProductFields,
  uploads: readonly UploadedFile[],
): Promise<ProductView> {
  const { db, media, cipher, log, uploadLimits } = deps;
  const deletedImageIds = [...new Set(fields.deleted_image_ids ?? [])];
  const changes = {
    title: fields.title,
    description: fields.description,
    productData: fields.product_data,
    price: fields.price,
    categoryId: fields.category_id,
  };
  const stock = { delivery: fields.delivery, stockItems: fields.stock_items, quantity: fields.quantity };
  if (
    [...Object.values(changes), ...Object.values(stock)].every((value) => value === undefined) &&
    deletedImageIds.length === 0 &&
    uploads.length === 0
  ) {
    throw new AppError("PAYLOAD_IS_EMPTY");
  }
  // Checked before any image is processed, and again under the row lock below.
  const before = await loadEditable(db, fields.product_id, user, false);
  checkImageEdit(before.images, deletedImageIds, uploads.length);
  const gameId = changes.categoryId === undefined ? undefined : await gameOfCategory(db, changes.categoryId);
  if (uploads.length > 0) await ensureUploadAllowed(db, user.id, uploadLimits);

  const stored = await processAndStoreImages(media, uploads, PRODUCT_FOLDER, log);
  let result: { row: ProductRow; removed: ProductImageRow[] };
  try {
    result = await db.transaction(async (tx) => {
      const { product, images } = await loadEditable(tx, fields.product_id, user, true);
      const removed = checkImageEdit(images, deletedImageIds, uploads.length);
      const goods = product.productDataEncrypted ?? (await soleUnitsOf(tx, [product])).get(product.id);
      const contentChanged =
        (changes.title !== undefined && changes.title !== product.title) ||
        (changes.description !== undefined && changes.description !== product.description) ||
        (changes.categoryId !== undefined && changes.categoryId !== product.categoryId) ||
        (changes.productData !== undefined && (goods === undefined || changes.productData !== cipher.decrypt(goods))) ||
        uploads.length > 0;
      // A paused listing is off sale, but resuming it must not skip the moderation its new content needs.
      const backToModeration =
        product.status === "rejected" ||
        ((product.status === "active" || product.status === "paused") && contentChanged);
      sellerProductsChanged(tx, product.sellerId);
      await editDelivery(tx, cipher, product, { ...stock, productData: changes.productData });
      const [row] = await tx
        .update(products)
        .set({
          ...(changes.title === undefined ? {} : { title: changes.title }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
          ...(changes.price === undefined ? {} : { priceKopecks: roublesToKopecks(changes.price) }),
          ...(changes.categoryId === undefined ? {} : { categoryId: changes.categoryId, gameId }),
          // The admin's reason was about what the listing was; it goes back to be judged anew.
          ...(backToModeration ? { status: "moderation" as const, statusReason: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, product.id))
        .returning();
      if (removed.length > 0) {
        await tx.delete(productImages).where(
          inArray(
            productImages.id,
            removed.map((image) => image.id),
          ),
        );
      }
      await insertImages(tx, product, stored, Math.max(-1, ...images.map((image) => image.position)) + 1);
      await releaseUploads(
        tx,
        removed.map((image) => image.imageUrl),
      );
      await recordUploads(tx, user.id, stored, uploadLimits);
      return { row: row!, removed };
    });
  } catch (error) {
    await removeStoredImages(media, storedKeys(stored), log);
    throw error;
  }
  catalogueChanged(db);
  await removeStoredImages(
    media,
    result.removed.flatMap((image) => storedImageKeys(image.imageUrl)),
    log,
  );
  const [view] = await loadProductViews(db, [result.row]);
  return view!;
}

/** PATCH /products/images: an edit that only adds images, so at least one must come. */
export function addProductImages(
  deps: EditingDeps,
  user: AuthUser,
  productId: string,
  uploads: readonly UploadedFile[],
): Promise<ProductView> {
  if (uploads.length === 0) throw validationError([{ field: PRODUCT_IMAGES_FIELD, message: "Add at least one image" }]);
  return editProduct(deps, user, { product_id: productId }, uploads);
}

/**
 * DELETE /products/: a soft delete by the seller; a product with a deal still open stays (its row is locked
 * first, so a purchase either committed before and is seen, or waits and then finds it deleted). The images go with it, rows
 * and files (the files once the delete is committed), unless a deal ever sold it: the buyer's deal list shows
 * its thumbnail.
 */
export async function deleteProduct(
  { db, media, log }: Pick<EditingDeps, "db" | "media" | "log">,
  user: AuthUser,
  productId: string,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    assertSeller(product, user);
    if (await hasOpenDeal(tx, productId)) throw new AppError("PRODUCT_IN_OPEN_DEAL");
    sellerProductsChanged(tx, product!.sellerId);
    await tx
      .update(products)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    const [sold] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.productId, productId)).limit(1);
    if (sold) return [];
    const images = await tx.delete(productImages).where(eq(productImages.productId, productId)).returning();
    await releaseUploads(
      tx,
      images.map((image) => image.imageUrl),
    );
    return images;
  });
  catalogueChanged(db);
  await removeStoredImages(
    media,
    removed.flatMap((image) => storedImageKeys(image.imageUrl)),
    log,
  );
}

/** The product and its images, if `user` may edit it now; `lock` holds the row until the transaction ends. */
async function loadEditable(
  db: Db,
  productId: string,
  user: AuthUser,
  lock: boolean,
): Promise<{ product: ProductRow; images: ProductImageRow[] }> {
  const query = db.select().from(products).where(eq(products.id, productId));
  const [product] = lock ? await query.for("update") : await query;
  assertSeller(product, user);
  if (product.status === "purchased") throw new AppError("PRODUCT_IN_OPEN_DEAL");
  if (!EDITABLE_STATUSES.includes(product.status)) throw new AppError("INVALID_PRODUCT_STATUS");
  const images = await db.select().from(productImages).where(eq(productImages.productId, productId));
  return { product, images };
}

/** Only the seller changes a product (admins moderate instead); someone who may not even see it gets 404. */
export function assertSeller(product: ProductRow | undefined, user: AuthUser): asserts product is ProductRow {
  if (!product || !mayView(product, user) || product.deletedAt !== null) throw new AppError("PRODUCT_NOT_FOUND");
  if (product.sellerId !== user.id) throw new AppError("INSUFFICIENT_PERMISSIONS");
}

/** The images an edit removes; refuses ids of other products' images and a result outside 1–10 images. */
function checkImageEdit(
  images: readonly ProductImageRow[],
  deletedImageIds: readonly string[],
  added: number,
): ProductImageRow[] {
  const removed = images.filter((image) => deletedImageIds.includes(image.id));
  if (removed.length !== deletedImageIds.length) {
    throw validationError([{ field: "deleted_image_ids", message: "Only images of this product can be deleted" }]);
  }
  assertImageCount(images.length - removed.length + added);
  return removed;
}

function assertImageCount(count: number): void {
  if (count > PRODUCT_IMAGES_MAX) throw new AppError("MAXIMUM_NUMBER_PHOTOS_EXCEEDED", { max: PRODUCT_IMAGES_MAX });
  if (count < 1)
    throw validationError([{ field: PRODUCT_IMAGES_FIELD, message: "A product needs at least one image" }]);
}

async function insertImages(
  tx: Db,
  product: Pick<ProductRow, "id" | "sellerId">,
  stored: readonly StoredImage[],
  firstPosition: number,
): Promise<void> {
  if (stored.length === 0) return;
  sellerProductsChanged(tx, product.sellerId);
  await tx.insert(productImages).values(
    stored.map((image, index) => ({
      productId: product.id,
      imageUrl: image.imageUrl,
      thumbnailUrl: image.thumbnailUrl,
      position: firstPosition + index,
    })),
  );
}

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "../db/client.js";
import {
  categories,
  productImages,
  products,
  productUnits,
  type Category,
  type NewProduct,
  type Product,
} from "../db/schema/catalog.js";
import { users } from "../db/schema/users.js";
import { slugify } from "../db/slug.js";
import { createDataCipher } from "../platform/crypto/data-cipher.js";
import type { TestApp } from "./test-app.js";
import type { TestClient } from "./test-client.js";
import { multipartForm, type FormPart } from "./multipart.js";

/** A game (a top-level category) straight in the database; the slug is made from the name. */
export async function createTestGame(db: Db, name = `Game ${randomUUID().slice(0, 8)}`): Promise<Category> {
  const [row] = await db
    .insert(categories)
    .values({ name, nameRu: name, slug: slugify(name), description: `${name} goods`, descriptionRu: `${name} goods` })
    .returning();
  return row!;
}

/** A subcategory (a kind of goods) of a game. */
export async function createTestSubcategory(
  db: Db,
  game: Pick<Category, "id">,
  name = `Kind ${randomUUID().slice(0, 8)}`,
): Promise<Category> {
  const [row] = await db
    .insert(categories)
    .values({
      name,
      nameRu: name,
      slug: slugify(name),
      description: `${name} of the game`,
      descriptionRu: `${name} of the game`,
      parentId: game.id,
    })
    .returning();
  return row!;
}

const neverListed: readonly string[] = ["moderation", "rejected"];

export type TestProductValues = Partial<Omit<NewProduct, "productDataEncrypted" | "inStock">> & {
  sellerId: string;
  categoryId: string;
  /**
   * The goods in plain text, stored encrypted with the app's key as the API would: the one unit of an `auto`
   * listing made the spec's way, the note of a `manual` one.
   */
  productData?: string;
  /** Units of an `auto` listing instead of the one productData, all for sale. */
  stockItems?: string[];
  /** The delivery note beside an `auto` listing's units. */
  note?: string;
  /** A `manual` listing's quantity (1 unless told). */
  quantity?: number;
  /** How many image rows (pointing at seed-style addresses no upload owns). */
  imageCount?: number;
};

/**
 * A product straight in the database, `active` unless told, with one image row unless told: an `auto` listing of
 * one unit (productData) unless given units or a `manual` delivery.
 */
export async function createTestProduct(
  t: Pick<TestApp, "database" | "config">,
  values: TestProductValues,
): Promise<Product> {
  const {
    productData = "login: seller / password: hunter2",
    stockItems,
    note,
    quantity = 1,
    imageCount = 1,
    ...columns
  } = values;
  const cipher = createDataCipher(t.config.dataKey);
  const id = randomUUID();
  const manual = columns.delivery === "manual";
  const units = manual ? [] : (stockItems ?? [productData]);
  const [row] = await t.database.db
    .insert(products)
    .values({
      id,
      title: "Test product title",
      description: "Test product description",
      priceKopecks: 100_00,
      status: "active",
      gameId: sql`(select coalesce(${categories.parentId}, ${categories.id}) from ${categories} where ${categories.id} = ${columns.categoryId})`,
      // A listing that has been on sale went on sale when it was written, unless told.
      listedAt: neverListed.includes(columns.status ?? "active") ? null : (columns.createdAt ?? sql`now()`),
      // Its seller's rating, as products.service keeps it, unless told.
      sellerRating: sql`(select ${users.rating} from ${users} where ${users.id} = ${columns.sellerId})`,
      ...columns,
      productDataEncrypted: manual ? cipher.encrypt(productData) : note === undefined ? null : cipher.encrypt(note),
      inStock: manual ? quantity : units.length,
    })
    .returning();
  if (units.length > 0) {
    await t.database.db.insert(productUnits).values(
      units.map((item) => ({
        productId: id,
        dataEncrypted: cipher.encrypt(item),
        dataHash: cipher.fingerprint(item),
      })),
    );
  }
  if (imageCount > 0) {
    await t.database.db.insert(productImages).values(
      Array.from({ length: imageCount }, (_, position) => ({
        productId: id,
        imageUrl: `/media/seed/products/${id.slice(0, 8)}${position}.png`,
        thumbnailUrl: `/media/seed/products/${id.slice(0, 8)}${position}-t.png`,
        position,
      })),
    );
  }
  return row!;
}

/** A multipart request as `client` (a guest when undefined), carrying its access cookie like a browser. */
export function sendForm(
  t: Pick<TestApp, "app">,
  client: TestClient | undefined,
  method: "POST" | "PATCH" | "PUT",
  url: string,
  parts: FormPart[],
): Promise<LightMyRequestResponse> {
  const form = multipartForm(parts);
  const token = client?.cookie("access_token");
  return t.app.inject({
    method,
    url,
    payload: form.payload,
    headers: {
      ...form.headers,
      ...(token ? { cookie: `access_token=${token}` } : {}),
      ...(client?.bearer ? { authorization: `Bearer ${client.bearer}` } : {}),
    },
  });
}

/** PATCH /v1/products/ as `client` with text fields alone: the seller's edit of their product's price, title… */
export function editProductAs(
  t: Pick<TestApp, "app">,
  client: TestClient,
  productId: string,
  fields: Record<string, string | number>,
): Promise<LightMyRequestResponse> {
  return sendForm(t, client, "PATCH", "/v1/products/", textParts({ product_id: productId, ...fields }));
}

/** Text fields of a multipart form. */
export function textParts(fields: Record<string, string | number>): FormPart[] {
  return Object.entries(fields).map(([field, value]) => ({ field, content: String(value) }));
}

/** One image file of a multipart form. */
export function imagePart(field: string, content: Buffer, filename = "picture.png"): FormPart {
  return { field, content, filename, contentType: filename.endsWith(".png") ? "image/png" : "image/jpeg" };
}

/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   categories → modules/categories
 *   products → modules/products (deals and bans ask it to change a status)
 *   productImages → modules/products
 *   productUnits → modules/products (deals ask it to take and release units)
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from "drizzle-orm/pg-core";
import { createdAt, id, kopecks, NIL_UUID, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

/** A top-level category is a game; its children are kinds of goods (ARCHITECTURE.md §4). */
export const categories = pgTable(
  "categories",
  {
    id: id(),
    /** The English name; the spec's single `name`. */
    name: text("name").notNull(),
    /** The Russian name (issue 21); the English one where an admin gave none. */
    nameRu: text("name_ru").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    descriptionRu: text("description_ru").notNull().default(""),
    imageUrl: text("image_url"),
    /**
     * Days after a completed deal in which its buyer may still open a dispute, the seller's earnings held until
     * then (issue 22). Null on a kind of goods means its game's; null on a game means none.
     */
    guaranteeDays: integer("guarantee_days"),
    /** The admin's order among siblings (issue 23), ascending; ties fall back to the name. */
    position: integer("position").notNull().default(0),
    /** Hidden by an admin (issue 23): gone from the public catalogue with everything under it, kept for admins. */
    hidden: boolean("hidden").notNull().default(false),
    /**
     * Deleted by an admin (issue 23), then also hidden. The row stays while a product its seller deleted still
     * names it (the product keeps its deals' history); names and slugs are free again for new siblings.
     */
    deletedAt: timestamptz("deleted_at"),
    parentId: uuid("parent_id").references((): AnyPgColumn => categories.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Names and slugs are unique among live siblings; coalesce makes all games siblings of one another.
    uniqueIndex("categories_parent_slug_key")
      .on(sql`coalesce(${t.parentId}, '${sql.raw(NIL_UUID)}'::uuid)`, t.slug)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("categories_parent_name_key")
      .on(sql`coalesce(${t.parentId}, '${sql.raw(NIL_UUID)}'::uuid)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index("categories_parent_id_idx").on(t.parentId),
    check("categories_guarantee_days_check", sql`${t.guaranteeDays} between 0 and 365`),
  ],
);

/** PostgreSQL's tsvector (a text's searchable words), read as its text form; only the search reads it, in SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const productStatuses = [
  "moderation",
  "active",
  "paused",
  "rejected",
  "purchased",
  "completed",
  "refunded",
  "withdrawn",
  "suspended",
] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * `auto`: a stock of units (product_units), each a secret delivered to the buyer at payment. `manual`: a quantity
 * the seller delivers by hand in the chat (ARCHITECTURE.md §4 "Stock").
 */
export const productDeliveries = ["auto", "manual"] as const;
export type ProductDelivery = (typeof productDeliveries)[number];

export const products = pgTable(
  "products",
  {
    id: id(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id),
    /**
     * The game the category belongs to (the category itself when it is a game), kept with category_id so a game's
     * listing walks one index range in any order instead of merging one per subcategory.
     */
    gameId: uuid("game_id")
      .notNull()
      .references(() => categories.id),
    title: text("title").notNull(),
    description: text("description").notNull(),
    priceKopecks: kopecks("price_kopecks").notNull(),
    /**
     * The delivery note every buyer sees beside their units (or, for `manual`, the goods as the spec's
     * product_data), AES-256-GCM encrypted (platform/crypto/data-cipher.ts); never stored in plain text. Null for
     * an `auto` listing whose units are all there is to deliver (one made the spec's way keeps its data as its
     * one unit).
     */
    productDataEncrypted: text("product_data_encrypted"),
    delivery: text("delivery", { enum: productDeliveries }).notNull().default("auto"),
    /**
     * Units a buyer can take now: for `auto` the count of `available` product_units (kept in step by the products
     * service in the transaction that changes them), for `manual` the quantity the seller offers.
     */
    inStock: integer("in_stock").notNull().default(0),
    status: text("status", { enum: productStatuses }).notNull().default("moderation"),
    /** Why an admin rejected the listing or took it down; shown to the seller; null otherwise. */
    statusReason: text("status_reason"),
    /**
     * The seller's rating (users.rating), copied here in the transaction that changes it so listings sort and
     * filter by it along one index.
     */
    sellerRating: doublePrecision("seller_rating").notNull().default(0),
    createdAt: createdAt(),
    /** When the listing last went on sale (its approval): what "newest" orders public listings by. */
    listedAt: timestamptz("listed_at"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    deletedAt: timestamptz("deleted_at"),
    /**
     * The words of the title, and of the title with the description, as the search looks them up
     * (products-search.service.ts): the 'russian' configuration stems Cyrillic words with the Russian stemmer and
     * Latin ones with the English one. Kept by the database, so a row the search walks an index through is tested
     * in about 1.5 µs rather than the 45 µs of splitting and stemming its text again.
     */
    titleWords: tsvector("title_words")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('russian', "title")`),
    textWords: tsvector("text_words")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('russian', "title" || ' ' || "description")`),
  },
  (t) => [
    // Every listing reads newest first and stops after one page, so each walks one of these indexes and reads only
    // the rows it shows. DESC NULLS FIRST is what `order by x desc` means, so they serve drizzle's desc() directly.
    // The public listing (and its capped count, an index-only scan) and the admin listing of one status:
    index("products_status_created_idx")
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // The admin listing of every status.
    index("products_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // A subcategory's listing; a game's spans several categories and walks products_status_created_idx instead.
    index("products_category_status_created_idx").on(
      t.categoryId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Public listings (issue 21): for each scope (everything, a game, a subcategory) one index per order, over the
    // products on sale only, so a sorted page, filtered or not, and the page after any product are one index range.
    // Price descending walks the price index backwards.
    ...onSaleIndexes("products_on_sale", t, []),
    ...onSaleIndexes("products_game_on_sale", t, [t.gameId]),
    ...onSaleIndexes("products_category_on_sale", t, [t.categoryId]),
    index("products_seller_created_idx").on(t.sellerId, t.createdAt.desc().nullsFirst()),
    // Search with typos (`'q' <% lower(title)`) and substring search (`lower(title) like '%q%'`) use these trigram indexes.
    index("products_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
    index("products_description_trgm_idx").using("gin", sql`lower(${t.description}) gin_trgm_ops`),
    // Search for words in any form (products-search.service.ts): a title's words, and a title's and description's
    // together. Not partial, like the columns' statistics the planner reads their word frequencies from (migration
    // 0012 keeps more of them), so it walks a listing index only for common words.
    index("products_title_words_idx").using("gin", t.titleWords),
    index("products_text_words_idx").using("gin", t.textWords),
    check("products_price_positive_check", sql`${t.priceKopecks} > 0`),
    check("products_status_check", oneOf(t.status, productStatuses)),
    check("products_delivery_check", oneOf(t.delivery, productDeliveries)),
    check("products_in_stock_check", sql`${t.inStock} >= 0`),
  ],
);

type OnSaleColumns = Record<
  "id" | "listedAt" | "priceKopecks" | "sellerRating" | "status" | "deletedAt",
  ExtraConfigColumn
>;
type IndexColumns = Parameters<ReturnType<typeof index>["on"]>;

/** The three orders of a public listing (newest, price, rating) over the products on sale, after `scope`'s columns. */
function onSaleIndexes(name: string, t: OnSaleColumns, scope: ExtraConfigColumn[]) {
  const onSale = sql`${t.status} = 'active' and ${t.deletedAt} is null`;
  // A function: drizzle's index columns keep their order only in the first index that uses them.
  const newest = () => [t.listedAt.desc().nullsFirst(), t.id.desc().nullsFirst()];
  const on = (...columns: IndexColumns[number][]) => columns as IndexColumns;
  return [
    index(`${name}_listed_idx`)
      .on(...on(...scope, ...newest()))
      .where(onSale),
    index(`${name}_price_idx`)
      .on(...on(...scope, t.priceKopecks, t.id))
      .where(onSale),
    index(`${name}_rating_idx`)
      .on(...on(...scope, t.sellerRating.desc().nullsFirst(), ...newest()))
      .where(onSale),
  ];
}

/**
 * `available`: for sale. `sold`: delivered to a deal's buyer (seen, so never sold again, refund or not).
 * `removed`: taken off by the seller before anyone saw it.
 */
export const productUnitStates = ["available", "sold", "removed"] as const;
export type ProductUnitState = (typeof productUnitStates)[number];

/** One unit of an `auto` listing's stock: a key, a login:password, a code. */
export const productUnits = pgTable(
  "product_units",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    /** Encrypted like product data; never public. */
    dataEncrypted: text("data_encrypted").notNull(),
    /**
     * HMAC of the unit's text under a key derived from DATA_KEY, so a duplicate within the listing is found
     * without decrypting the stock. Null for units carried over from before stock existed (migration 0009).
     */
    dataHash: text("data_hash"),
    state: text("state", { enum: productUnitStates }).notNull().default("available"),
    /** The deal that took the unit; set exactly when `sold`. No foreign key: deals reference products first. */
    dealId: uuid("deal_id"),
    /** Delivery order: the oldest available unit goes first. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    soldAt: timestamptz("sold_at"),
  },
  (t) => [
    // A unit is in a listing once, whether still for sale or already sold; a removed one may be added again.
    uniqueIndex("product_units_product_hash_key")
      .on(t.productId, t.dataHash)
      .where(sql`${t.state} <> 'removed' and ${t.dataHash} is not null`),
    // The purchase takes the oldest available units: one walk of this index.
    index("product_units_available_idx")
      .on(t.productId, t.seq)
      .where(sql`${t.state} = 'available'`),
    index("product_units_product_seq_idx").on(t.productId, t.seq),
    index("product_units_deal_idx")
      .on(t.dealId)
      .where(sql`${t.dealId} is not null`),
    check("product_units_state_check", oneOf(t.state, productUnitStates)),
    check("product_units_sold_has_deal_check", sql`(${t.state} = 'sold') = (${t.dealId} is not null)`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** `/media/<key>`; the API base plus this path is the address users see. */
    imageUrl: text("image_url").notNull(),
    thumbnailUrl: text("thumbnail_url").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("product_images_product_position_idx").on(t.productId, t.position)],
);

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductImage = typeof productImages.$inferSelect;
export type ProductUnit = typeof productUnits.$inferSelect;
export type NewProductUnit = typeof productUnits.$inferInsert;
export type NewProductImage = typeof productImages.$inferInsert;

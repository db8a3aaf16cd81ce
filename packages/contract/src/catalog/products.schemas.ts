import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import {
  HOME_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MANUAL_QUANTITY_MAX,
  PRODUCT_DATA_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_TEXT_MIN,
  PRODUCT_TITLE_MAX,
  SEARCH_QUERY_MAX,
  STATUS_REASON_MAX,
  STATUS_REASON_MIN,
  STOCK_ITEM_MAX,
  STOCK_ITEMS_PER_REQUEST_MAX,
} from "../common/constants.js";
import { numberFromText, priceSchema } from "../money/money.schemas.js";
import { sellerStatsSchema } from "../users/users.schemas.js";
import { categorySchema } from "./categories.schemas.js";

/**
 * Product statuses as the API speaks them (ARCHITECTURE.md §4 "Product lifecycle"): `moderation` → `active` |
 * `rejected`; `active` → `purchased` → `completed`; a dispute may end in `refunded`, or the admin may withdraw.
 * A ban takes the seller's products off sale (`active` → `suspended`) and the unban puts them back.
 * Beyond the spec, the seller pauses (`paused`: off sale, kept with its stock) and resumes a listing, and relists
 * a sold-out one; an admin takes a live listing down (`withdrawn`) with a reason. The API never says `approved`.
 * A listing with stock stays `active` while units remain; the purchase that takes the last unit makes it
 * `purchased` (sold out), and `completed` once no deal of it is open.
 */
export const productStatusSchema = z.enum([
  "moderation",
  "active",
  "paused",
  "rejected",
  "purchased",
  "completed",
  "refunded",
  "withdrawn",
  "suspended",
]);

/**
 * Beyond the spec (ARCHITECTURE.md §4 "Stock"): `auto` delivers units of stock to the buyer at payment,
 * `manual` is a quantity the seller delivers in the chat.
 */
export const productDeliverySchema = z.enum(["auto", "manual"]);

/** SPEC.md §3 Seller (summary). */
export const sellerSummarySchema = z
  .object({ username: z.string(), avatar_url: z.string(), rating: z.number().nonnegative() })
  .meta({ id: "SellerSummary" });

/** SPEC.md §3 Image, plus the card-sized thumbnail every stored image has. Both are paths under the API host. */
export const productImageSchema = z
  .object({ id: z.uuid(), image_url: z.string(), thumbnail_url: z.string() })
  .meta({ id: "ProductImage" });

/**
 * SPEC.md §3 Product. `product_data_string` is the goods: the seller, admins (and the buyer after purchase)
 * get it, everyone else `null`. `is_sold` is true exactly when the status is `purchased` or `completed`.
 * `is_owner` tells a signed-in viewer whether the product is theirs. Beyond the spec: `delivery`, `in_stock` (units
 * a buyer can take now) and `status_reason` (why an admin rejected or took down the listing; only its seller and
 * admins get it, everyone else `null`).
 */
export const productSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    /** Whole roubles. */
    price: z.number().int().positive(),
    product_data_string: z.string().nullable(),
    status: productStatusSchema,
    is_sold: z.boolean(),
    created_at: z.iso.datetime(),
    is_owner: z.boolean(),
    delivery: productDeliverySchema,
    in_stock: z.number().int().nonnegative(),
    status_reason: z.string().nullable(),
    seller: sellerSummarySchema,
    category: categorySchema,
    images: z.array(productImageSchema),
  })
  .meta({ id: "Product" });

/** GET /products/{id}: the product plus `product_data`, the edit variant's name for the same goods. */
export const productDetailSchema = productSchema
  .extend({
    product_data: z.string().nullable(),
    /**
     * Issue 22: the guarantee a buyer gets, in days after receipt (the category's own period, else its game's;
     * 0 for none).
     */
    guarantee_days: z.number().int().nonnegative(),
  })
  .meta({ id: "ProductDetail" });

/**
 * GET /products/{id}: the product page's answer, the detail plus (beyond the spec) what tells a buyer whether to
 * trust its seller. The edit answers stay ProductDetail.
 */
export const productWithSellerStatsSchema = productDetailSchema
  .extend({ seller_stats: sellerStatsSchema })
  .meta({ id: "ProductWithSellerStats" });

export const productListSchema = z.array(productSchema).meta({ id: "ProductList" });

/** GET /products/get/all and GET /admin/products: one page of a listing with its totals. */
export const productPageSchema = z
  .object({
    products: z.array(productSchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "ProductPage" });

/** Paging of every product list: 1-based pages of `per_page` (default 30, at most 100). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(HOME_PAGE_SIZE),
});

/**
 * Which of a seller's products a profile tab lists (beyond the spec): `on_sale` the active ones, `sold` those
 * sold (`purchased` or `completed`); without it every product the viewer may see.
 */
export const sellerProductsShelfSchema = z.enum(["on_sale", "sold"]);

/** GET /products/user/{userId} and /products/user/by-username/{username}: one page, newest first. */
export const sellerProductsQuerySchema = pageQuerySchema.extend({ shelf: sellerProductsShelfSchema.optional() });

/**
 * How a public listing or search is ordered (issue 21): `newest` by when the listing went on sale (its approval),
 * not when it was written; `price_asc` and `price_desc` by price; `rating` by its seller's rating, best first.
 * Ties go newest first. Without `sort` a listing is newest first and a search best match first.
 */
export const productSortSchema = z.enum(["newest", "price_asc", "price_desc", "rating"]);

/** `online` of a listing query: only sellers online now when "true". */
export const onlineFilterSchema = z.enum(["true", "false"]);

/**
 * What narrows every public listing and search (issue 21), each optional: a price range in whole roubles (both
 * ends included), `delivery` (`auto`: delivered at payment), sellers `online` now, a seller rating of at least
 * `min_rating`. `after` is the id of the last product of the page before, in the same listing: the page then
 * starts right after it and is read by key, as cheaply as page 1 however deep it is (`page` is then only echoed).
 */
export const listingFiltersSchema = z.object({
  sort: productSortSchema.optional(),
  min_price: numberFromText(z.number().int().min(0)).optional(),
  max_price: numberFromText(z.number().int().min(0)).optional(),
  delivery: productDeliverySchema.optional(),
  online: onlineFilterSchema.optional(),
  min_rating: numberFromText(z.number().min(0).max(5)).optional(),
  after: z.uuid().optional(),
});

/** A price range whose low end is above its high end is a mistake, not an empty listing. */
function withPriceRange<T extends z.ZodType<{ min_price?: number | undefined; max_price?: number | undefined }>>(
  schema: T,
) {
  return schema.refine(
    (query) => query.min_price === undefined || query.max_price === undefined || query.min_price <= query.max_price,
    { message: "Must not be above max_price", path: ["min_price"] },
  );
}

/**
 * GET /products/get/all, /products/category/{id} and /products/{gameSlug}/{subcategorySlug}: a page of a public
 * listing, sorted and filtered.
 */
export const catalogueQuerySchema = withPriceRange(pageQuerySchema.extend(listingFiltersSchema.shape));

/**
 * GET /products/search: words of title and description in any order, in any word form, typed in either keyboard
 * layout or transliterated; optional category, and the listing's sort and filters.
 */
export const productSearchQuerySchema = withPriceRange(
  pageQuerySchema.extend(listingFiltersSchema.shape).extend({
    q: plainText()
      .trim()
      .min(1, "Enter what to search for")
      .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters`),
    category_id: z.uuid().optional(),
  }),
);

/** GET /admin/products: every status, optionally one. */
export const adminProductsQuerySchema = pageQuerySchema.extend({ status: productStatusSchema.optional() });

export const productIdParamsSchema = z.object({ id: z.uuid() });
export const categoryProductsParamsSchema = z.object({ id: z.uuid() });
export const gameSubcategoryParamsSchema = z.object({
  gameSlug: plainText().min(1),
  subcategorySlug: plainText().min(1),
});
export const userIdParamsSchema = z.object({ userId: z.uuid() });
export const usernameProductsParamsSchema = z.object({ username: plainText().min(1) });

/** DELETE /products/?product_id=, POST /products/approve, POST /admin/products/approve|reject. */
export const productIdQuerySchema = z.object({ product_id: z.uuid() });
export const productIdBodySchema = z.object({ product_id: z.uuid() }).meta({ id: "ProductIdRequest" });

/** The quantity a `manual` listing offers. */
export const manualQuantitySchema = z
  .number()
  .int("A whole number")
  .min(1, "At least 1")
  .max(MANUAL_QUANTITY_MAX, `At most ${MANUAL_QUANTITY_MAX}`);

/** Why an admin rejects a listing or takes it down; the seller reads it. */
export const statusReasonSchema = plainText()
  .trim()
  .min(STATUS_REASON_MIN, `At least ${STATUS_REASON_MIN} characters`)
  .max(STATUS_REASON_MAX, `At most ${STATUS_REASON_MAX} characters`);

/**
 * POST /admin/products/reject: the spec's `{product_id}`, plus the `reason` the seller sees (beyond the spec;
 * optional so the spec's clients keep working, required by the web app).
 */
export const rejectProductBodySchema = productIdBodySchema
  .extend({ reason: statusReasonSchema.optional() })
  .meta({ id: "RejectProductRequest" });

/**
 * POST /admin/products/take-down (beyond the spec): an admin takes a live listing off sale (`withdrawn`) with the
 * reason its seller reads.
 */
export const takeDownProductBodySchema = productIdBodySchema
  .extend({ reason: statusReasonSchema })
  .meta({ id: "TakeDownProductRequest" });

/**
 * POST /products/{id}/relist (beyond the spec): a sold-out or paused listing goes back on sale. `quantity` sets a
 * `manual` listing's quantity; an `auto` listing goes back with the units it has (the seller adds units first).
 */
export const relistProductBodySchema = z
  .object({ quantity: manualQuantitySchema.optional() })
  .default({})
  .meta({ id: "RelistProductRequest" });

/** Answer of the moderation calls: SPEC.md §7 counts POST /admin/products/reject a success only with the body `true`. */
export const moderationResultSchema = z.literal(true).meta({ id: "ModerationResult" });

/** The multipart field product images are read from (repeated, one file each). */
export const PRODUCT_IMAGES_FIELD = "uploaded_images";

const productText = (max: number) =>
  plainText()
    .trim()
    .min(PRODUCT_TEXT_MIN, `At least ${PRODUCT_TEXT_MIN} characters`)
    .max(max, `At most ${max} characters`);

/** A unit of stock and the line of the pasted text it stands on (1-based, blank lines counted), to name it by. */
export type StockLine = { line: number; item: string };

/** The units of a pasted text, unchecked: what a seller's box counts as they type, and what the schema checks. */
export function stockLinesOf(text: string): StockLine[] {
  return text.split(/\r?\n/).flatMap((raw, index) => {
    const item = raw.trim();
    return item ? [{ line: index + 1, item }] : [];
  });
}

/**
 * Units of stock as a seller pastes them: one per line; blank lines and the spaces around a unit are dropped.
 * A unit repeated within the text is refused, each repeat named by its line ("Line 3 repeats line 1"), as the
 * server names one already in the listing ("Line 7 is already in the listing"); every problem is an issue of the
 * field itself, so a client finds them all under `stock_items`.
 */
export const stockItemsSchema = plainText().transform((text, context): StockLine[] => {
  const lines = stockLinesOf(text);
  const refuse = (message: string) => context.addIssue({ code: "custom", message, input: text });
  if (lines.length === 0) refuse("Add at least one unit, one per line");
  if (lines.length > STOCK_ITEMS_PER_REQUEST_MAX) refuse(`At most ${STOCK_ITEMS_PER_REQUEST_MAX} units at a time`);
  const firstLine = new Map<string, number>();
  for (const { line, item } of lines) {
    if (item.length > STOCK_ITEM_MAX) refuse(`Line ${line} is longer than ${STOCK_ITEM_MAX} characters`);
    const first = firstLine.get(item);
    if (first === undefined) firstLine.set(item, line);
    else refuse(`Line ${line} repeats line ${first}`);
  }
  return lines;
});

/** SPEC.md §5 Create product, as checked on the server and in the web form. */
export const productFieldRules = {
  title: productText(PRODUCT_TITLE_MAX),
  description: productText(PRODUCT_DESCRIPTION_MAX),
  product_data: productText(PRODUCT_DATA_MAX),
  /** Multipart sends text, so plain decimal text is read as the number. */
  price: numberFromText(priceSchema),
  category_id: z.uuid("Choose a category"),
  delivery: productDeliverySchema,
  stock_items: stockItemsSchema,
  quantity: numberFromText(manualQuantitySchema),
};

/**
 * How a listing is delivered, from the fields sent: `stock_items` make it `auto` (then `product_data` is the
 * optional delivery note), `quantity` makes it `manual`; the spec's `product_data` alone is `auto` with that one
 * unit. Mixing the kinds' fields is refused on the field that does not fit.
 */
function checkDeliveryFields(
  fields: {
    delivery?: "auto" | "manual" | undefined;
    stock_items?: StockLine[] | undefined;
    quantity?: number | undefined;
    product_data?: string | undefined;
  },
  context: z.RefinementCtx,
  creating: boolean,
): void {
  const delivery = fields.delivery ?? (fields.quantity !== undefined ? "manual" : "auto");
  if (delivery === "manual" && fields.stock_items !== undefined) {
    context.addIssue({ code: "custom", path: ["stock_items"], message: "Units of stock are for automatic delivery" });
  }
  if (delivery === "auto" && fields.quantity !== undefined) {
    context.addIssue({ code: "custom", path: ["quantity"], message: "A quantity is for manual delivery" });
  }
  if (!creating) return;
  if (delivery === "auto" && fields.stock_items === undefined && fields.product_data === undefined) {
    context.addIssue({ code: "custom", path: ["product_data"], message: "Enter the goods or units of stock" });
  }
  if (delivery === "manual" && fields.quantity === undefined) {
    context.addIssue({ code: "custom", path: ["quantity"], message: "Enter the quantity you offer" });
  }
  if (delivery === "manual" && fields.product_data === undefined) {
    context.addIssue({ code: "custom", path: ["product_data"], message: "Describe what the buyer receives" });
  }
}

/**
 * POST /products/, multipart: these text fields plus 1–10 images in `uploaded_images`. Beyond the spec:
 * `delivery`, `stock_items` or `quantity` (ARCHITECTURE.md §4 "Stock").
 */
export const createProductFieldsSchema = z
  .object({
    ...productFieldRules,
    product_data: productFieldRules.product_data.optional(),
    delivery: productFieldRules.delivery.optional(),
    stock_items: productFieldRules.stock_items.optional(),
    quantity: productFieldRules.quantity.optional(),
  })
  .superRefine((fields, context) => checkDeliveryFields(fields, context, true));

/**
 * PATCH /products/, multipart: `product_id`, then only the fields that change; `deleted_image_ids` is a JSON
 * list of image ids, and new images come in `uploaded_images`. The product keeps 1–10 images. Beyond the spec:
 * `stock_items` adds units to an `auto` listing, `quantity` sets a `manual` one's, `delivery` changes the kind
 * while nothing was ever sold.
 */
const updateProductFieldsObject = z.object({
  product_id: z.uuid(),
  title: productFieldRules.title.optional(),
  description: productFieldRules.description.optional(),
  product_data: productFieldRules.product_data.optional(),
  price: productFieldRules.price.optional(),
  category_id: productFieldRules.category_id.optional(),
  delivery: productFieldRules.delivery.optional(),
  stock_items: productFieldRules.stock_items.optional(),
  quantity: productFieldRules.quantity.optional(),
  deleted_image_ids: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "A JSON list of image ids" });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.uuid()).max(100))
    .optional(),
});
// The cross-field check sits on a copy: an object with a refinement cannot be extended into the request schema.
export const updateProductFieldsSchema = updateProductFieldsObject.superRefine((fields, context) =>
  checkDeliveryFields(fields, context, false),
);

/** PATCH /products/images, multipart: `product_id` plus images in `uploaded_images`. */
export const addProductImagesFieldsSchema = z.object({ product_id: z.uuid() });

/** The whole multipart bodies, for the API documentation. */
export const createProductRequestSchema = z
  .object({
    ...productFieldRules,
    product_data: z.string().optional(),
    delivery: productDeliverySchema.optional(),
    stock_items: z.string().optional(),
    quantity: z.string().optional(),
    [PRODUCT_IMAGES_FIELD]: z.array(z.file()),
  })
  .meta({ id: "CreateProductRequest" });
export const updateProductRequestSchema = updateProductFieldsObject
  .extend({
    deleted_image_ids: z.string().optional(),
    stock_items: z.string().optional(),
    quantity: z.string().optional(),
    [PRODUCT_IMAGES_FIELD]: z.array(z.file()).optional(),
  })
  .meta({ id: "UpdateProductRequest" });
export const addProductImagesRequestSchema = addProductImagesFieldsSchema
  .extend({ [PRODUCT_IMAGES_FIELD]: z.array(z.file()) })
  .meta({ id: "AddProductImagesRequest" });

export type ProductStatus = z.infer<typeof productStatusSchema>;
export type ProductDelivery = z.infer<typeof productDeliverySchema>;
export type SellerSummary = z.infer<typeof sellerSummarySchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type Product = z.infer<typeof productSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;
export type ProductWithSellerStats = z.infer<typeof productWithSellerStatsSchema>;
export type SellerProductsShelf = z.infer<typeof sellerProductsShelfSchema>;
export type SellerProductsQuery = z.infer<typeof sellerProductsQuerySchema>;
export type ProductPage = z.infer<typeof productPageSchema>;
export type PageQuery = z.infer<typeof pageQuerySchema>;
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;
export type ProductSort = z.infer<typeof productSortSchema>;
export type ListingFilters = z.infer<typeof listingFiltersSchema>;
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;
export type CreateProductFields = z.infer<typeof createProductFieldsSchema>;
export type UpdateProductFields = z.infer<typeof updateProductFieldsSchema>;
export type RejectProductBody = z.input<typeof rejectProductBodySchema>;
export type TakeDownProductBody = z.infer<typeof takeDownProductBodySchema>;
export type RelistProductBody = z.infer<typeof relistProductBodySchema>;

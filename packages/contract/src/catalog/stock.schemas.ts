import { z } from "zod";
import { MAX_PAGE_SIZE } from "../common/constants.js";
import { stockItemsSchema } from "./products.schemas.js";

/*
 * A listing's stock (beyond the spec; ARCHITECTURE.md §4 "Stock"): units of an `auto` listing, read and changed
 * by its seller (and read by admins). Units are never public.
 */

/** `available`: for sale; `sold`: delivered to a deal's buyer; `removed`: taken off by the seller unsold. */
export const stockUnitStateSchema = z.enum(["available", "sold", "removed"]);

export const stockUnitSchema = z
  .object({
    id: z.uuid(),
    item: z.string(),
    state: stockUnitStateSchema,
    /** The deal that took it, when sold. */
    deal_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
    sold_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "StockUnit" });

/** GET /v1/products/{id}/stock?state=&page=&per_page=: oldest first (the order units are delivered in). */
export const stockQuerySchema = z.object({
  state: stockUnitStateSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});

export const stockPageSchema = z
  .object({
    units: z.array(stockUnitSchema),
    page: z.number().int().positive(),
    total_pages: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    in_stock: z.number().int().nonnegative(),
    sold: z.number().int().nonnegative(),
  })
  .meta({ id: "StockPage" });

/**
 * POST /v1/products/{id}/stock `{stock_items}`: units one per line. All are added or none: a unit repeated in
 * the text or already in the listing refuses the request, and the answer's `errors` name the lines.
 */
export const addStockRequestSchema = z.object({ stock_items: stockItemsSchema }).meta({ id: "AddStockRequest" });
export const addStockResultSchema = z
  .object({ added: z.number().int().positive(), in_stock: z.number().int().nonnegative() })
  .meta({ id: "AddStockResult" });

/** DELETE /v1/products/{id}/stock/{unitId}: an unsold unit taken off; answers what is left for sale. */
export const stockUnitParamsSchema = z.object({ id: z.uuid(), unitId: z.uuid() });
export const removeStockResultSchema = z
  .object({ in_stock: z.number().int().nonnegative() })
  .meta({ id: "RemoveStockResult" });

export type StockUnitState = z.infer<typeof stockUnitStateSchema>;
export type StockUnit = z.infer<typeof stockUnitSchema>;
export type StockQuery = z.infer<typeof stockQuerySchema>;
export type StockPage = z.infer<typeof stockPageSchema>;
export type AddStockRequest = z.input<typeof addStockRequestSchema>;
export type AddStockResult = z.infer<typeof addStockResultSchema>;
export type RemoveStockResult = z.infer<typeof removeStockResultSchema>;

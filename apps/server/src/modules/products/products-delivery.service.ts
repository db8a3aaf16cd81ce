import type { ProductDelivery, StockLine } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, type Product as ProductRow } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { insertUnits, removeAvailableUnits, replaceOnlyUnit } from "./products-units.service.js";
import { sellerProductsChanged } from "./products.events.js";

/** What a PATCH of a listing asks of its delivery: the kind, units to add, a manual quantity, the goods' text. */
export type DeliveryEdit = {
  delivery: ProductDelivery | undefined;
  stockItems: StockLine[] | undefined;
  quantity: number | undefined;
  productData: string | undefined;
};

/**
 * A seller's PATCH of how a listing delivers, on the row the caller locked. The kind changes only while nothing
 * was ever sold (a deal keeps what it bought, but its buyer would find the listing no longer the one they knew):
 * to `manual` the unsold units are removed and the quantity is required; to `auto` units are. `stock_items` add
 * units as POST /stock does, `quantity` sets a manual listing's. product_data is the note beside the units, except
 * on a listing made the spec's way (no note, one unit, unsold): there it is that unit, as the spec's clients edit it.
 */
export async function editDelivery(tx: Db, cipher: DataCipher, product: ProductRow, edit: DeliveryEdit): Promise<void> {
  const delivery = edit.delivery ?? product.delivery;
  if (delivery === "manual" && edit.stockItems !== undefined)
    throw validationError([{ field: "stock_items", message: "Units of stock are for automatic delivery" }]);
  if (delivery === "auto" && edit.quantity !== undefined)
    throw validationError([{ field: "quantity", message: "A quantity is for manual delivery" }]);
  if (delivery !== product.delivery) await assertNeverSold(tx, product.id);
  sellerProductsChanged(tx, product.sellerId);
  const note = edit.productData === undefined ? {} : { productDataEncrypted: cipher.encrypt(edit.productData) };
  if (delivery === "manual") {
    if (product.delivery === "auto") {
      if (edit.quantity === undefined)
        throw validationError([{ field: "quantity", message: "Enter the quantity you offer" }]);
      if (edit.productData === undefined && product.productDataEncrypted === null)
        throw validationError([{ field: "product_data", message: "Describe what the buyer receives" }]);
      await removeAvailableUnits(tx, product.id);
    }
    await tx
      .update(products)
      .set({ delivery, ...note, ...(edit.quantity === undefined ? {} : { inStock: edit.quantity }) })
      .where(eq(products.id, product.id));
    return;
  }
  if (product.delivery === "manual") {
    if (edit.stockItems === undefined)
      throw validationError([{ field: "stock_items", message: "Add the units of stock, one per line" }]);
    await tx.update(products).set({ delivery, inStock: 0 }).where(eq(products.id, product.id));
  }
  if (edit.productData !== undefined) {
    const replaced =
      product.delivery === "auto" &&
      product.productDataEncrypted === null &&
      edit.stockItems === undefined &&
      (await replaceOnlyUnit(tx, cipher, product.id, edit.productData));
    if (!replaced) await tx.update(products).set(note).where(eq(products.id, product.id));
  }
  if (edit.stockItems !== undefined) await insertUnits(tx, cipher, product, edit.stockItems);
}

async function assertNeverSold(tx: Db, productId: string): Promise<void> {
  const [sold] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.productId, productId)).limit(1);
  if (sold) throw new AppError("DELIVERY_CANNOT_CHANGE");
}

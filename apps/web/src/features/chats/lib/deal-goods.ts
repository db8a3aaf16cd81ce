/** What a purchase card shows of the goods. */
export interface DealGoodsView {
  /** The units the deal delivered, in the order they were taken. */
  units: string[];
  /** The product data shown beside them: a manual listing's goods, or an `auto` listing's note; null when none. */
  text: string | null;
}

/**
 * The units a deal delivered, and the product data the viewer may read only when it says something more. For a
 * listing without a note, the product data is the buyer's own units one per line (ARCHITECTURE §4 "Stock"), the
 * same keys again: it is left out when every unit of this deal is among its lines.
 */
export function dealGoodsOf(items: readonly string[], productData: string | null): DealGoodsView {
  if (!productData) return { units: [...items], text: null };
  const lines = new Set(productData.split(/\r?\n/).map((line) => line.trim()));
  const justTheUnits = items.length > 0 && items.every((item) => lines.has(item));
  return { units: [...items], text: justTheUnits ? null : productData };
}

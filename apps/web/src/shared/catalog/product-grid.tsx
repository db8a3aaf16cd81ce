import type { Product } from "@lootlane/contract";
import { ProductCard } from "./product-card";
import classes from "./product-grid.module.css";

interface ProductGridProps {
  products: Product[];
  showStatus?: boolean;
}

/** The widest row: these cards are in view when the grid appears. */
const FIRST_ROW = 4;

/** Products as a list of cards, two to four in a row by screen width. */
export function ProductGrid({ products, showStatus = false }: ProductGridProps) {
  return (
    <ul className={classes.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} showStatus={showStatus} inFirstRow={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}

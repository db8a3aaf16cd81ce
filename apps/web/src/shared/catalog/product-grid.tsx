import type { ReactNode } from "react";
import { Stack } from "@mantine/core";
import type { Product } from "@lootlane/contract";
import { ProductCard } from "./product-card";
import classes from "./product-grid.module.css";

interface ProductGridProps {
  products: Product[];
  showStatus?: boolean;
  /** Controls under a card (a seller's own list), outside the card's link so each is its own button. */
  actions?: (product: Product) => ReactNode;
}

/** The widest row: these cards are in view when the grid appears. */
const FIRST_ROW = 4;

/** Products as a list of cards, two to four in a row by screen width. */
export function ProductGrid({ products, showStatus = false, actions }: ProductGridProps) {
  return (
    <ul className={classes.grid}>
      {products.map((product, index) => {
        const card = <ProductCard product={product} showStatus={showStatus} inFirstRow={index < FIRST_ROW} />;
        return (
          <li key={product.id}>
            {actions ? (
              <Stack gap={6} h="100%">
                {card}
                {actions(product)}
              </Stack>
            ) : (
              card
            )}
          </li>
        );
      })}
    </ul>
  );
}

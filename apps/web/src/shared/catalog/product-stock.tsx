import { Group, Text, type MantineSize } from "@mantine/core";
import type { Product } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { formatCount } from "@/shared/format/number";
import { BoltIcon } from "@/shared/ui/icons";

interface ProductStockProps {
  product: Pick<Product, "delivery" | "in_stock" | "is_sold">;
  /** `compact` for a card in a grid: a short delivery label, small text. */
  compact?: boolean;
}

/**
 * How a listing delivers and how much of it is left (ARCHITECTURE §4 "Stock"): "Instant delivery" for `auto`,
 * then "In stock: N" or "Sold out". On a card a sold product says nothing more: its status label says it.
 */
export function ProductStock({ product, compact = false }: ProductStockProps) {
  const { t } = useTranslation("common");
  const size: MantineSize = compact ? "xs" : "sm";
  const instant = product.delivery === "auto";
  const deliveryColor = instant ? "teal.9" : "dimmed";
  return (
    <Group gap={compact ? 6 : "md"} wrap="wrap">
      <Group gap={4} wrap="nowrap" c={deliveryColor}>
        {instant && <BoltIcon size={compact ? 14 : 16} />}
        <Text size={size} fw={600} c={deliveryColor}>
          {t(compact ? `stock.deliveryShort.${product.delivery}` : `stock.delivery.${product.delivery}`)}
        </Text>
      </Group>
      {(!compact || !product.is_sold) && (
        <Text size={size} c={product.in_stock > 0 ? "dimmed" : "red.7"} fw={compact ? undefined : 500}>
          {product.in_stock > 0 ? t("stock.inStock", { total: formatCount(product.in_stock) }) : t("stock.soldOut")}
        </Text>
      )}
    </Group>
  );
}

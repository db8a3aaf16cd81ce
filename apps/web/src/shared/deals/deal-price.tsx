import { Text, type TextProps } from "@mantine/core";
import { formatPrice, type Deal } from "@lootlane/contract";

/**
 * What a deal cost, as it was bought: the total, and for several units how it adds up ("2 × 500 ₽ = 1 000 ₽").
 * The deal's own snapshot, never the listing's price today.
 */
export function DealPrice({ deal, ...text }: { deal: Pick<Deal, "price" | "unit_price" | "quantity"> } & TextProps) {
  return (
    <Text {...text}>
      {deal.quantity > 1 && (
        <Text span c="dimmed" fw={400} size="sm">
          {`${deal.quantity} × ${formatPrice(deal.unit_price)} = `}
        </Text>
      )}
      <Text span fw={700} c="indigo.7" inherit>
        {formatPrice(deal.price)}
      </Text>
    </Text>
  );
}

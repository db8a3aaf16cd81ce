import { Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { formatPrice, type ProductWithSellerStats } from "@lootlane/contract";
import type { CurrentUser } from "@/shared/auth/current-user";
import { ProductStatusBadge } from "@/shared/catalog/product-status-badge";
import { ProductStock } from "@/shared/catalog/product-stock";
import { ReportButton } from "@/shared/reports/report-button";
import { ProductActions } from "./product-actions";
import { ProductCategory } from "./product-category";
import { ProductGuarantee } from "./product-guarantee";
import { ProductStatusNote } from "./product-status-note";
import { SellerCard } from "./seller-card";

interface ProductSummaryProps {
  product: ProductWithSellerStats;
  /** The signed-in user, or null for a guest. */
  viewer: CurrentUser | null;
}

/**
 * What decides a purchase, in one card: status, title, price, delivery and stock, the guarantee, category, the actions and the
 * seller with their stats; a signed-in visitor may report the listing from here.
 */
export function ProductSummary({ product, viewer }: ProductSummaryProps) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <ProductCategory category={product.category} />
          <ProductStatusBadge status={product.status} />
        </Group>
        <Title order={1} fz={{ base: "h3", sm: "h2" }} style={{ overflowWrap: "anywhere" }}>
          {product.title}
        </Title>
        <Text fz={32} fw={800} lh={1} c="indigo.7">
          {formatPrice(product.price)}
        </Text>
        <ProductStock product={product} />
        <ProductGuarantee days={product.guarantee_days} />
        <ProductStatusNote product={product} />
        <ProductActions product={product} viewer={viewer} />
        <Divider />
        <SellerCard seller={product.seller} stats={product.seller_stats} />
        {viewer && !product.is_owner && (
          <Group justify="flex-end">
            <ReportButton target={{ kind: "product", productId: product.id, title: product.title }} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

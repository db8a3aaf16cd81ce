import { AspectRatio, Card, Group, Image, Stack, Text, VisuallyHidden } from "@mantine/core";
import { formatPrice, type Product } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatRating } from "@/shared/format/number";
import { BoxIcon } from "@/shared/ui/icons";
import classes from "./product-card.module.css";
import { ProductStatusBadge } from "./product-status-badge";
import { ProductStock } from "./product-stock";

interface ProductCardProps {
  product: Product;
  /** Always show the status label (a seller's own list); otherwise only a sold product is labelled. */
  showStatus?: boolean;
  /**
   * In view as soon as the grid appears: its picture loads at once instead of lazily, since it is likely the
   * page's largest paint. Its space is reserved either way (4:3), so nothing moves when it arrives.
   */
  inFirstRow?: boolean;
}

/** One product in a grid: picture, title, price, delivery and stock, seller; the whole card opens the product page. */
export function ProductCard({ product, showStatus = false, inFirstRow = false }: ProductCardProps) {
  const { t } = useTranslation("common");
  const thumbnail = product.images[0]?.thumbnail_url;
  return (
    <Card component={Link} to={`/product/${product.id}`} className={classes.card} padding="sm" withBorder>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          {thumbnail ? (
            // The title right below names the product, so the picture adds nothing for a screen reader.
            <Image
              src={thumbnail}
              alt=""
              loading={inFirstRow ? "eager" : "lazy"}
              fetchPriority={inFirstRow ? "high" : "auto"}
              fit="cover"
            />
          ) : (
            <div className={classes.placeholder}>
              <BoxIcon size={40} />
            </div>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm" flex={1}>
        <Text fw={600} fz={{ base: "sm", sm: "md" }} lineClamp={2} className={classes.title}>
          {product.title}
        </Text>
        {/* Wraps: on a phone's two-column grid a Russian label does not fit beside the price. */}
        <Group justify="space-between" gap={4}>
          <Text fw={700} fz={{ base: "md", sm: "lg" }} c="indigo.7">
            {formatPrice(product.price)}
          </Text>
          {(showStatus || product.is_sold) && <ProductStatusBadge status={product.status} />}
        </Group>
        <ProductStock product={product} compact />
        <Group gap={6} wrap="nowrap" mt="auto">
          <VisuallyHidden>{t("catalog.seller")}</VisuallyHidden>
          <Text size="sm" c="dimmed" truncate>
            {product.seller.username}
          </Text>
          <Text size="sm" c="var(--lootlane-color-rating)" style={{ whiteSpace: "nowrap" }}>
            <span aria-hidden>★</span>
            <VisuallyHidden>{t("catalog.rating")}</VisuallyHidden> {formatRating(product.seller.rating)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

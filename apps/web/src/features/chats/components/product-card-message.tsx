import { Anchor, Badge, Card, Group, Image, Stack, Text } from "@mantine/core";
import type { ChatProductCard } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatPrice } from "@/shared/format/number";

/**
 * A purchase_info message (SPEC §2): the product's picture, title, price and, for those allowed to see them,
 * the goods. Picture and title open the product page.
 */
export function ProductCardMessage({ product }: { product: ChatProductCard }) {
  const { t } = useTranslation("chats");
  const picture = product.images[0]?.thumbnail_url;
  const productPath = `/product/${product.id}`;
  return (
    <Card padding="sm" w="min(100%, 360px)" className="product-card-message">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {picture && (
          // The title link beside it names the same page; the picture is a second, larger target.
          <Link to={productPath} tabIndex={-1} aria-hidden="true">
            <Image src={picture} alt="" w={72} h={72} radius="md" fit="cover" />
          </Link>
        )}
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t("purchase.label")}
          </Text>
          <Anchor component={Link} to={productPath} fw={600} lineClamp={2}>
            {product.title}
          </Anchor>
          <Text fw={700} c="indigo.7">
            {formatPrice(product.price)}
          </Text>
          {product.status === "completed" && (
            <Badge color="green" variant="light">
              {t("purchase.confirmed")}
            </Badge>
          )}
        </Stack>
      </Group>
      {product.product_data_string && (
        <Stack gap={2} mt="sm">
          <Text size="xs" c="dimmed">
            {t("purchase.goods")}
          </Text>
          <Text size="sm" ff="monospace" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {product.product_data_string}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

import { useId, type ReactNode } from "react";
import { Anchor, AspectRatio, Badge, Box, Card, Code, Flex, Group, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatPrice, type Product } from "@lootlane/contract";
import { AdminProductStatusBadge } from "./admin-product-status-badge";
import { formatDate } from "@/shared/format/date";
import { BoxIcon } from "@/shared/ui/icons";
import { ModerationActions, ModerationMark, TAKE_DOWN_STATUSES, TakeDownAction } from "./moderation-actions";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Box>
  );
}

/** The first image (the cover), with the sold badge on it; a placeholder when the product has none. */
function ProductCover({ product }: { product: Product }) {
  const { t } = useTranslation("adminCatalog");
  const cover = product.images[0];
  return (
    <Box pos="relative" w={{ base: "100%", sm: 168 }} style={{ flexShrink: 0 }}>
      <AspectRatio ratio={4 / 3}>
        {cover ? (
          <Image
            src={cover.thumbnail_url}
            alt={t("products.coverAlt", { title: product.title })}
            fit="cover"
            radius="sm"
            loading="lazy"
          />
        ) : (
          <Box
            bg="gray.1"
            c="gray.5"
            style={{
              borderRadius: "var(--mantine-radius-sm)",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
            }}
          >
            <BoxIcon size={36} />
          </Box>
        )}
      </AspectRatio>
      {product.is_sold && (
        <Badge color="blue" variant="filled" size="sm" pos="absolute" top={8} left={8}>
          {t("products.sold")}
        </Badge>
      )}
    </Box>
  );
}

/**
 * One product of the admin list (SPEC §2 Admin products): everything a moderator judges it by, the goods
 * included, and the decision — buttons while it waits in moderation, the outcome afterwards (with the reason of a
 * rejection or take-down), and Take down while it may be sold. Stacked on a
 * phone; from the small breakpoint the cover sits left and the actions right.
 */
export function AdminProductCard({ product }: { product: Product }) {
  const { t } = useTranslation("adminCatalog");
  const titleId = useId();
  const inModeration = product.status === "moderation";

  return (
    <Card component="li" aria-labelledby={titleId} withBorder radius="md" padding="md">
      <Flex direction={{ base: "column", sm: "row" }} gap="md" align={{ base: "stretch", sm: "flex-start" }}>
        <ProductCover product={product} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text id={titleId} fw={600} style={{ overflowWrap: "anywhere" }}>
              {product.title}
            </Text>
            <AdminProductStatusBadge status={product.status} />
          </Group>
          <Group gap="md" wrap="wrap">
            <Text fw={700} c="indigo.7" style={{ whiteSpace: "nowrap" }}>
              {formatPrice(product.price)}
            </Text>
            <Text size="sm" c="dimmed">
              {t("products.seller")}{" "}
              <Anchor component={Link} to={`/profile/${encodeURIComponent(product.seller.username)}`} size="sm">
                {product.seller.username}
              </Anchor>
            </Text>
          </Group>
          <Text size="sm" lineClamp={4} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {product.description}
          </Text>
          <Group gap="lg" wrap="wrap" mt={4}>
            <Fact label={t("products.created")}>{formatDate(product.created_at)}</Fact>
            <Fact label={t("products.images")}>{t("products.imageCount", { count: product.images.length })}</Fact>
            <Fact label={t("products.category")}>{product.category.name}</Fact>
          </Group>
          {product.status_reason && (
            <Fact label={t("products.reason")}>
              <span style={{ whiteSpace: "pre-line" }}>{product.status_reason}</span>
            </Fact>
          )}
          <Box mt={4}>
            <Text size="xs" c="dimmed">
              {t("products.goods")}
            </Text>
            {product.product_data_string ? (
              <Code
                block
                style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 160, overflowY: "auto" }}
              >
                {product.product_data_string}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                {t("products.noGoods")}
              </Text>
            )}
          </Box>
        </Stack>
        <Stack gap="xs" style={{ flexShrink: 0 }}>
          {inModeration ? <ModerationActions product={product} /> : <ModerationMark status={product.status} />}
          {TAKE_DOWN_STATUSES.includes(product.status) && <TakeDownAction product={product} />}
        </Stack>
      </Flex>
    </Card>
  );
}

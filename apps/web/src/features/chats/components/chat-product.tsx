import { Anchor, Badge, Group, Image, Stack, Text, type MantineColor } from "@mantine/core";
import { formatPrice, type ChatProductSummary, type ProductStatus } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Buyer-facing colours: on sale, sold, waiting; anything else (paused, withdrawn…) neutral. */
const STATUS_COLORS: Partial<Record<ProductStatus, MantineColor>> = {
  active: "green",
  purchased: "blue",
  completed: "blue",
  moderation: "yellow",
};

function ChatProductStatus({ status }: { status: ProductStatus }) {
  const { t } = useTranslation("chats");
  return (
    <Badge size="xs" variant="light" color={STATUS_COLORS[status] ?? "gray"} style={{ flexShrink: 0 }}>
      {t(`productStatus.${status}`)}
    </Badge>
  );
}

function Thumbnail({ src, size }: { src: string | null; size: number }) {
  if (!src) return null;
  // The title beside it names the product; the picture is decorative.
  return <Image src={src} alt="" w={size} h={size} radius="sm" fit="cover" style={{ flexShrink: 0 }} />;
}

/** What a chat is about, as one line of its list row (inside the row's button, so not a link of its own). */
export function ChatProductLine({ product }: { product: ChatProductSummary }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Thumbnail src={product.thumbnail_url} size={20} />
      <Text size="xs" truncate flex={1} miw={0}>
        {product.title}
      </Text>
      <Text size="xs" fw={600} style={{ whiteSpace: "nowrap" }}>
        {formatPrice(product.price)}
      </Text>
      <ChatProductStatus status={product.status} />
    </Group>
  );
}

/** What the open chat is about, under its header: picture and title leading to the product page, price, status. */
export function ChatProductStrip({ product }: { product: ChatProductSummary }) {
  const { t } = useTranslation("chats");
  const path = `/product/${product.id}`;
  return (
    <Group gap="sm" wrap="nowrap" miw={0} aria-label={t("productLabel")} role="group">
      {product.thumbnail_url && (
        // The title link beside it names the same page; the picture is a second, larger target.
        <Link to={path} tabIndex={-1} aria-hidden="true" style={{ flexShrink: 0 }}>
          <Thumbnail src={product.thumbnail_url} size={40} />
        </Link>
      )}
      <Stack gap={2} miw={0} flex={1}>
        <Anchor component={Link} to={path} size="sm" fw={600} truncate>
          {product.title}
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={700} c="indigo.7" style={{ whiteSpace: "nowrap" }}>
            {formatPrice(product.price)}
          </Text>
          <ChatProductStatus status={product.status} />
        </Group>
      </Stack>
    </Group>
  );
}

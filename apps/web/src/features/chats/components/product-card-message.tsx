import { Anchor, Card, Group, Image, Stack, Text } from "@mantine/core";
import { formatPrice, type ChatProductCard } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useChatProduct } from "../api/get-chat-product";
import { ConfirmReceiptButton } from "./deal/confirm-receipt-button";
import { DealGoods } from "./deal/deal-goods";
import { DealState } from "./deal/deal-state";
import { ReportDealButton } from "./deal/report-deal-button";

interface ProductCardMessageProps {
  /** The product as the message brought it. */
  product: ChatProductCard;
  chatId: string;
}

/**
 * A purchase_info message (SPEC §2): the product's picture, title, price, the goods for those allowed to see
 * them, where the deal stands and, for the buyer while it is open, Confirm Receipt and Report. The deal part
 * follows the chat's product, which is fetched again whenever the deal moves; the message's copy shows until then.
 */
export function ProductCardMessage({ product: fromMessage, chatId }: ProductCardMessageProps) {
  const { t } = useTranslation("chats");
  const { data: current } = useChatProduct(chatId);
  const product = current?.id === fromMessage.id ? current : fromMessage;
  const { deal } = product;
  const picture = product.images[0]?.thumbnail_url;
  const productPath = `/product/${product.id}`;
  // SPEC §2: not the owner, the product is purchased and receipt is not confirmed yet (nor disputed).
  const awaitingBuyer =
    !product.is_owner && product.status === "purchased" && (deal?.status ?? "purchased") === "purchased";

  return (
    <Card padding="sm" w={360} maw="100%" withBorder>
      <Stack gap="sm">
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
            <Anchor component={Link} to={productPath} fw={600} lineClamp={2} style={{ overflowWrap: "anywhere" }}>
              {product.title}
            </Anchor>
            <Text fw={700} c="indigo.7">
              {formatPrice(product.price)}
            </Text>
          </Stack>
        </Group>
        {product.product_data_string && <DealGoods goods={product.product_data_string} />}
        <DealState product={product} />
        {awaitingBuyer && (
          <Group gap="xs">
            <ConfirmReceiptButton chatId={chatId} productId={product.id} />
            {deal && <ReportDealButton chatId={chatId} dealId={deal.id} />}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

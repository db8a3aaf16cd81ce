import { Anchor, Card, Group, Image, Stack, Text } from "@mantine/core";
import { formatPrice, type ChatProductCard } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DealPrice } from "@/shared/deals/deal-price";
import { inGuaranteeWindow } from "@/shared/deals/deal-guarantee";
import { DealUnits } from "@/shared/deals/deal-units";
import { useChatProduct } from "../api/get-chat-product";
import { dealGoodsOf } from "../lib/deal-goods";
import { ConfirmReceiptButton } from "./deal/confirm-receipt-button";
import { DealGoods } from "./deal/deal-goods";
import { DealState } from "./deal/deal-state";
import { ReportDealButton } from "./deal/report-deal-button";

interface ProductCardMessageProps {
  /** The product as the message brought it. */
  product: ChatProductCard;
  chatId: string;
}

/** The units (one as the product data, several as a list) and the product data when it says more than they do. */
function Goods({ items, productData }: { items: readonly string[]; productData: string | null }) {
  const { units, text } = dealGoodsOf(items, productData);
  const [only] = units;
  return (
    <>
      {units.length > 1 ? <DealUnits items={units} /> : only !== undefined && <DealGoods goods={only} />}
      {text && <DealGoods goods={text} kind={units.length > 0 ? "note" : "goods"} />}
    </>
  );
}

/**
 * A purchase_info message (SPEC §2): the product's picture, what this deal bought (the title, quantity × unit
 * price = total, as they were at payment), the units and goods for those allowed to see them, where the deal
 * stands and, for the buyer while it is open, Confirm Receipt and Report (Report also inside a completed deal's
 * guarantee window). A listing sells many times, so each card
 * keeps the deal its message brought; the chat's product, fetched again whenever a deal moves, brings that deal's
 * news only when its latest deal is this one.
 */
export function ProductCardMessage({ product: fromMessage, chatId }: ProductCardMessageProps) {
  const { t } = useTranslation("chats");
  const { data: current } = useChatProduct(chatId);
  const product = current?.id === fromMessage.id ? current : fromMessage;
  const deal = fromMessage.deal && product.deal?.id !== fromMessage.deal.id ? fromMessage.deal : product.deal;
  const picture = product.images[0]?.thumbnail_url;
  const productPath = `/product/${product.id}`;
  // SPEC §2: not the owner, bought and receipt not confirmed yet (nor disputed).
  const awaitingBuyer = !product.is_owner && (deal ? deal.status === "purchased" : product.status === "purchased");

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
              {deal?.product.title ?? product.title}
            </Anchor>
            {deal ? (
              <DealPrice deal={deal} />
            ) : (
              <Text fw={700} c="indigo.7">
                {formatPrice(product.price)}
              </Text>
            )}
          </Stack>
        </Group>
        <Goods items={deal?.items ?? []} productData={product.product_data_string} />
        <DealState deal={deal} productStatus={product.status} />
        {awaitingBuyer && (
          <Group gap="xs">
            <ConfirmReceiptButton chatId={chatId} productId={product.id} />
            {deal && <ReportDealButton chatId={chatId} dealId={deal.id} />}
          </Group>
        )}
        {!product.is_owner && deal && inGuaranteeWindow(deal) && (
          <Group gap="xs">
            <ReportDealButton chatId={chatId} dealId={deal.id} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

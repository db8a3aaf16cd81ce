import { Anchor, Button, Card, Group, Image, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { Deal } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DealPrice } from "@/shared/deals/deal-price";
import { DealUnits } from "@/shared/deals/deal-units";
import { formatDate } from "@/shared/format/date";
import { formatCount } from "@/shared/format/number";
import { BoxIcon, ChatIcon } from "@/shared/ui/icons";
import type { DealSide } from "../api/get-user-deals";
import { DealStatusBadge } from "./deal-status-badge";
import { LeaveReviewButton } from "./leave-review-button";
import classes from "./deal-row.module.css";

/**
 * One deal in the owner's purchases or sales: what was bought as it was bought (title, quantity × unit price =
 * total), status, the other member and when, the guarantee window of a completed one; the units it delivered on request, the way to its chat, and for a
 * completed purchase not yet reviewed, 'Leave a review'.
 */
export function DealRow({ deal, side }: { deal: Deal; side: DealSide }) {
  const { t } = useTranslation("profile");
  const [unitsShown, units] = useDisclosure(false);
  const other = side === "purchases" ? deal.seller : deal.buyer;
  const reviewable = side === "purchases" && deal.status === "completed" && deal.review_id === null;
  return (
    <Card component="li" withBorder padding="sm" className={classes.row}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Link to={`/product/${deal.product.id}`} tabIndex={-1} aria-hidden="true" className={classes.thumb}>
          {deal.product.thumbnail_url ? (
            <Image src={deal.product.thumbnail_url} alt="" w={64} h={64} radius="md" fit="cover" />
          ) : (
            <BoxIcon size={32} />
          )}
        </Link>
        <Stack gap={4} miw={0} flex={1}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Anchor
              component={Link}
              to={`/product/${deal.product.id}`}
              fw={600}
              lineClamp={2}
              className={classes.title}
            >
              {deal.product.title}
            </Anchor>
            <DealStatusBadge status={deal.status} />
          </Group>
          <Group gap="xs">
            <DealPrice deal={deal} />
            <Text size="sm" c="dimmed">
              {t(side === "purchases" ? "deals.boughtOn" : "deals.soldOn", { date: formatDate(deal.created_at) })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t(side === "purchases" ? "deals.seller" : "deals.buyer")}{" "}
            <Anchor component={Link} to={`/profile/${encodeURIComponent(other.username)}`} size="sm">
              {other.username}
            </Anchor>
          </Text>
          {deal.status === "completed" && deal.guarantee_until && (
            <Text size="sm" c="dimmed">
              {deal.guarantee_released_at === null
                ? t("deals.guaranteeUntil", { date: formatDate(deal.guarantee_until) })
                : t("deals.guaranteeEnded", { date: formatDate(deal.guarantee_released_at) })}
            </Text>
          )}
          {unitsShown && <DealUnits items={deal.items} />}
          <Group gap="xs" mt={4}>
            {deal.items.length > 0 && (
              <Button size="xs" variant="light" onClick={units.toggle} aria-expanded={unitsShown}>
                {t(unitsShown ? "deals.hideUnits" : "deals.showUnits", {
                  count: deal.items.length,
                  total: formatCount(deal.items.length),
                })}
              </Button>
            )}
            <Button
              component={Link}
              to={`/chats?chat=${encodeURIComponent(deal.chat_id)}`}
              size="xs"
              variant="default"
              leftSection={<ChatIcon size={14} />}
            >
              {t("deals.openChat")}
            </Button>
            {reviewable && <LeaveReviewButton dealId={deal.id} productTitle={deal.product.title} />}
            {side === "purchases" && deal.review_id !== null && (
              <Text size="xs" c="dimmed">
                {t("deals.reviewed")}
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

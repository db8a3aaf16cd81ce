import { Anchor, Button, Card, Group, Image, Stack, Text } from "@mantine/core";
import { formatPrice, type Deal } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "@/shared/format/date";
import { BoxIcon, ChatIcon } from "@/shared/ui/icons";
import type { DealSide } from "../api/get-user-deals";
import { DealStatusBadge } from "./deal-status-badge";
import { LeaveReviewButton } from "./leave-review-button";
import classes from "./deal-row.module.css";

/**
 * One deal in the owner's purchases or sales: the product, price, status, the other member and when; the way to
 * its chat, and for a completed purchase not yet reviewed, 'Leave a review'.
 */
export function DealRow({ deal, side }: { deal: Deal; side: DealSide }) {
  const { t } = useTranslation("profile");
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
            <Text fw={700} c="indigo.7">
              {formatPrice(deal.price)}
            </Text>
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
          <Group gap="xs" mt={4}>
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

import { useId, useState } from "react";
import { Anchor, Box, Button, Card, Group, Image, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatBalance, formatPrice, type Deal, type DisputeResolution } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { BoxIcon, ChatIcon } from "@/shared/ui/icons";
import { useResolveDispute } from "../../api/resolve-dispute";
import { Fact } from "../fact";
import { AdminDealStatusBadge } from "./admin-deal-status-badge";
import { ChatTranscriptModal } from "./chat-transcript-modal";
import { DisputeDetails } from "./dispute-details";
import { OffPlatformDisputeNote } from "./off-platform-badge";
import { ResolveDisputeModal, type ProductAfterRefund } from "./resolve-dispute-modal";

function ProfileLink({ username }: { username: string }) {
  return (
    <Anchor component={Link} to={`/profile/${encodeURIComponent(username)}`} inherit>
      {username}
    </Anchor>
  );
}

/**
 * One deal of /admin/deals: the product, money, members and dates; for a dispute, what the buyer reported and,
 * while it is open, the admin's Release and Refund (each asked first). The decision's state lives here, keyed by
 * the deal, so a refreshed list keeps an open dialog and its error on screen.
 */
export function AdminDealCard({ deal }: { deal: Deal }) {
  const { t } = useTranslation("adminDeals");
  const titleId = useId();
  const resolve = useResolveDispute();
  const [asking, setAsking] = useState<DisputeResolution | null>(null);
  const [chatOpened, chat] = useDisclosure(false);
  const openDispute = deal.status === "disputed" && deal.dispute?.status === "open";
  const productPath = `/product/${encodeURIComponent(deal.product.id)}`;

  function ask(resolution: DisputeResolution) {
    resolve.reset();
    setAsking(resolution);
  }

  function confirm(productStatus: ProductAfterRefund | undefined) {
    if (!asking) return;
    const resolution = asking;
    resolve.mutate(
      { dealId: deal.id, resolution, ...(productStatus ? { product_status: productStatus } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          const values = { title: deal.product.title, buyer: deal.buyer.username, seller: deal.seller.username };
          const key =
            resolution === "release"
              ? "release.done"
              : productStatus === "withdrawn"
                ? "refund.doneWithdrawn"
                : "refund.doneActive";
          notifications.show({ color: "green", message: t(key, values) });
        },
      },
    );
  }

  return (
    <Card
      component="li"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      style={openDispute ? { borderColor: "var(--mantine-color-orange-5)", borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Anchor component={Link} to={productPath} tabIndex={-1} aria-hidden="true" style={{ flexShrink: 0 }}>
            {deal.product.thumbnail_url ? (
              <Image src={deal.product.thumbnail_url} alt="" w={64} h={64} radius="md" fit="cover" />
            ) : (
              <Box
                w={64}
                h={64}
                style={{
                  display: "grid",
                  placeItems: "center",
                  borderRadius: 8,
                  background: "var(--mantine-color-gray-1)",
                }}
              >
                <BoxIcon size={28} />
              </Box>
            )}
          </Anchor>
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Anchor
                id={titleId}
                component={Link}
                to={productPath}
                fw={600}
                lineClamp={2}
                style={{ overflowWrap: "anywhere" }}
              >
                {deal.product.title}
              </Anchor>
              <AdminDealStatusBadge status={deal.status} />
            </Group>
            <Group gap="lg" align="flex-start">
              <Fact label={t("card.price")}>
                <Text span inherit fw={700}>
                  {formatPrice(deal.price)}
                </Text>
              </Fact>
              <Fact label={t("card.commission")}>{formatBalance(deal.commission)}</Fact>
              <Fact label={t("card.buyer")}>
                <ProfileLink username={deal.buyer.username} />
              </Fact>
              <Fact label={t("card.seller")}>
                <ProfileLink username={deal.seller.username} />
              </Fact>
            </Group>
            <Group gap="lg" align="flex-start">
              <Fact label={t("card.created")}>{formatDateTime(deal.created_at)}</Fact>
              {/* The sweeper confirms only a deal still `purchased`: a dispute stops the clock. */}
              {deal.status === "purchased" && (
                <Fact label={t("card.autoConfirm")}>{formatDateTime(deal.auto_confirm_at)}</Fact>
              )}
              {deal.closed_at && <Fact label={t("card.closed")}>{formatDateTime(deal.closed_at)}</Fact>}
            </Group>
          </Stack>
        </Group>
        {deal.dispute && <DisputeDetails dispute={deal.dispute} />}
        {deal.dispute && <OffPlatformDisputeNote chatId={deal.chat_id} />}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<ChatIcon size={14} />}
            onClick={chat.open}
            aria-describedby={titleId}
          >
            {t("actions.readChat")}
          </Button>
          {openDispute && (
            <>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`/admin/chats/${deal.chat_id}`}
                leftSection={<ChatIcon size={14} />}
                aria-describedby={titleId}
              >
                {t("actions.joinChat")}
              </Button>
              <Button
                size="xs"
                color="teal"
                variant="light"
                onClick={() => ask("release")}
                disabled={resolve.isPending}
                aria-describedby={titleId}
              >
                {t("actions.release")}
              </Button>
              <Button
                size="xs"
                color="orange"
                variant="light"
                onClick={() => ask("refund")}
                disabled={resolve.isPending}
                aria-describedby={titleId}
              >
                {t("actions.refund")}
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <ResolveDisputeModal
        key={asking ?? "closed"}
        deal={deal}
        resolution={asking}
        pending={resolve.isPending}
        error={resolve.error}
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          resolve.reset();
        }}
      />
      <ChatTranscriptModal deal={deal} opened={chatOpened} onClose={chat.close} />
    </Card>
  );
}

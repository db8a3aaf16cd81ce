import { Anchor, Card, Group, Rating, Stack, Text } from "@mantine/core";
import type { Review } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "@/shared/format/date";
import { ReplyForm } from "./reply-form";
import { UserAvatar } from "./user-avatar";

/** One review as a profile shows it: who, how many stars, about what, when, their words and the seller's reply. */
export function ReviewItem({ review, mayReply }: { review: Review; mayReply: boolean }) {
  const { t } = useTranslation("profile");
  const { author } = review;
  return (
    <Card component="li" withBorder padding="sm" style={{ listStyle: "none" }}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UserAvatar username={author.username} src={author.avatar_url} alt="" size={36} />
            <Stack gap={0} miw={0}>
              <Anchor
                component={Link}
                to={`/profile/${encodeURIComponent(author.username)}`}
                fw={600}
                size="sm"
                truncate
              >
                {author.username}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDate(review.created_at)}
              </Text>
            </Stack>
          </Group>
          <Rating value={review.stars} readOnly size="sm" aria-label={t("reviews.starsOf", { count: review.stars })} />
        </Group>
        <Text size="xs" c="dimmed">
          {t("reviews.about")}{" "}
          <Anchor component={Link} to={`/product/${review.product.id}`} size="xs">
            {review.product.title}
          </Anchor>
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {review.text}
        </Text>
        {review.reply !== null ? (
          <Stack gap={2} pl="sm" style={{ borderLeft: "3px solid var(--mantine-color-indigo-2)" }}>
            <Text size="xs" fw={600} c="dimmed">
              {t("reviews.sellerReply")}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {review.reply}
            </Text>
          </Stack>
        ) : (
          mayReply && <ReplyForm reviewId={review.id} />
        )}
      </Stack>
    </Card>
  );
}

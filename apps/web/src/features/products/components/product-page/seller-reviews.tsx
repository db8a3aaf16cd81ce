import { Anchor, Card, Group, Rating, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { Review } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUserReviews } from "@/shared/deals/get-user-reviews";
import { formatDate } from "@/shared/format/date";
import { profileReviewsPath } from "@/shared/trust/profile-tab";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** How many of the seller's newest reviews the product page shows; the profile's reviews tab has them all. */
export const RECENT_REVIEWS = 3;

function RecentReview({ review }: { review: Review }) {
  const { t } = useTranslation("products");
  return (
    <Card component="li" withBorder padding="sm" style={{ listStyle: "none" }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {/* Read-only stars are one picture with a name, not five controls. */}
          <Rating
            value={review.stars}
            readOnly
            size="sm"
            role="img"
            aria-label={t("reviews.stars", { count: review.stars })}
          />
          <Text size="xs" c="dimmed">
            {formatDate(review.created_at)}
          </Text>
        </Group>
        <Text size="sm" lineClamp={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {review.text}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {t("reviews.by")}{" "}
          <Anchor component={Link} to={`/profile/${encodeURIComponent(review.author.username)}`} inherit>
            {review.author.username}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

/** The seller's newest reviews, whatever they sold, and the way to all of them on the profile. */
export function SellerReviews({ username }: { username: string }) {
  const { t } = useTranslation("products");
  const reviews = useUserReviews(username, RECENT_REVIEWS);
  let body;
  if (reviews.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[0, 1].map((index) => (
          <Skeleton key={index} height={96} radius="md" />
        ))}
      </Stack>
    );
  } else if (reviews.isError) {
    body = (
      <LoadErrorAlert title={t("reviews.loadError")} error={reviews.error} onRetry={() => void reviews.refetch()} />
    );
  } else if (reviews.data.length === 0) {
    body = <Text c="dimmed">{t("reviews.none")}</Text>;
  } else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-labelledby="seller-reviews-title">
        {reviews.data.map((review) => (
          <RecentReview key={review.id} review={review} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="seller-reviews-title">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="h4" id="seller-reviews-title">
          {t("reviews.title")}
        </Title>
        {reviews.data && reviews.data.length > 0 && (
          <Anchor component={Link} to={profileReviewsPath(username)} size="sm">
            {t("reviews.all")}
          </Anchor>
        )}
      </Group>
      {body}
    </Stack>
  );
}

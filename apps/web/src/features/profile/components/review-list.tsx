import { Skeleton, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUserReviews } from "@/shared/deals/get-user-reviews";
import { ReviewItem } from "./review-item";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** The reviews tab: what buyers wrote about this seller, newest first; the owner may answer each once. */
export function ReviewList({ username, owner, empty }: { username: string; owner: boolean; empty: ReactNode }) {
  const { t } = useTranslation("profile");
  const reviews = useUserReviews(username);
  if (reviews.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1].map((index) => (
          <Skeleton key={index} height={120} radius="md" />
        ))}
      </Stack>
    );
  }
  if (reviews.isError)
    return (
      <LoadErrorAlert title={t("reviews.loadError")} error={reviews.error} onRetry={() => void reviews.refetch()} />
    );
  if (reviews.data.length === 0) return empty;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label={t("tabs.reviews.title")}>
      {reviews.data.map((review) => (
        <ReviewItem key={review.id} review={review} mayReply={owner} />
      ))}
    </Stack>
  );
}

import { Skeleton, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUserDeals, type DealSide } from "../api/get-user-deals";
import { DealRow } from "./deal-row";
import { LoadMoreButton } from "./load-more-button";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** The owner's purchases or sales, newest first, a page at a time; `empty` is shown when there are none. */
export function DealList({ userId, side, empty }: { userId: string; side: DealSide; empty: ReactNode }) {
  const { t } = useTranslation("profile");
  const deals = useUserDeals(userId, side);
  if (deals.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={104} radius="md" />
        ))}
      </Stack>
    );
  }
  if (deals.isError)
    return <LoadErrorAlert title={t("deals.loadError")} error={deals.error} onRetry={() => void deals.refetch()} />;
  if (deals.data.length === 0) return empty;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={t(`tabs.${side}.title`)}>
        {deals.data.map((deal) => (
          <DealRow key={deal.id} deal={deal} side={side} />
        ))}
      </Stack>
      <LoadMoreButton list={deals} />
    </Stack>
  );
}

import { DataList, Text } from "@mantine/core";
import type { SellerStats } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/shared/format/date";
import { formatRating } from "@/shared/format/number";
import { formatTimeAgo } from "@/shared/format/time-ago";

/**
 * What tells a buyer whether to trust a seller, as rows of the DataList it is placed in (the product page's seller
 * card, the profile's facts): rating with the number of reviews it is made of, completed deals, when they were last
 * online, and since when they are a member.
 */
export function SellerStatsFacts({ stats }: { stats: SellerStats }) {
  const { t, i18n } = useTranslation("common");
  const seen = stats.is_online
    ? t("sellerStats.onlineNow")
    : stats.last_seen
      ? formatTimeAgo(stats.last_seen, i18n.language)
      : t("sellerStats.neverSeen");
  return (
    <>
      <DataList.Item>
        <DataList.ItemLabel>{t("sellerStats.rating")}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Text span inherit fw={600} c="var(--lootlane-color-rating)">
            <span aria-hidden="true">★ </span>
            {formatRating(stats.rating)}
          </Text>{" "}
          <Text span inherit c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t("sellerStats.reviews", { count: stats.reviews_count })}
          </Text>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t("sellerStats.completed")}</DataList.ItemLabel>
        <DataList.ItemValue>{t("sellerStats.deals", { count: stats.completed_deals })}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t("sellerStats.lastOnline")}</DataList.ItemLabel>
        <DataList.ItemValue>
          <Text span inherit c={stats.is_online ? "teal.9" : undefined} fw={stats.is_online ? 600 : undefined}>
            {seen}
          </Text>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t("sellerStats.memberSince")}</DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(stats.member_since)}</DataList.ItemValue>
      </DataList.Item>
    </>
  );
}

import { Anchor, Avatar, Group, Stack, Text } from "@mantine/core";
import type { SellerSummary } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatRating } from "@/shared/format/number";

/** Who sells it: avatar (or the name's first letter), name linking to the profile, rating to one decimal. */
export function SellerCard({ seller }: { seller: SellerSummary }) {
  const { t } = useTranslation("products");
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={seller.avatar_url || null}
        alt={t("seller.avatar", { username: seller.username })}
        size={48}
        color="initials"
        name={seller.username}
        radius="50%"
      >
        {seller.username.charAt(0).toUpperCase()}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {t("seller.label")}
        </Text>
        <Anchor component={Link} to={`/profile/${encodeURIComponent(seller.username)}`} fw={600} truncate>
          {seller.username}
        </Anchor>
        <Text size="sm" c="yellow.8">
          <span aria-hidden="true">★ </span>
          {t("seller.rating", { rating: formatRating(seller.rating) })}
        </Text>
      </Stack>
    </Group>
  );
}

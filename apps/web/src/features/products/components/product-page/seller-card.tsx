import { Anchor, Avatar, DataList, Group, Stack, Text } from "@mantine/core";
import type { SellerStats, SellerSummary } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SellerStatsFacts } from "@/shared/trust/seller-stats-facts";

/**
 * Who sells it: avatar (or the name's first letter) and name linking to the profile, then what tells a buyer
 * whether to trust them: rating and reviews, completed deals, when they were last online, member since.
 */
export function SellerCard({ seller, stats }: { seller: SellerSummary; stats: SellerStats }) {
  const { t } = useTranslation("products");
  return (
    <Stack gap="sm" component="section" aria-label={t("seller.section", { username: seller.username })}>
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
        </Stack>
      </Group>
      <DataList size="sm" labelWidth={110}>
        <SellerStatsFacts stats={stats} />
      </DataList>
    </Stack>
  );
}

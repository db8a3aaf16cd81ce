import { Anchor, DataList, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBalance } from "@lootlane/contract";
import { Link } from "react-router";
import { SellerStatsFacts } from "@/shared/trust/seller-stats-facts";
import type { Profile } from "../api/get-profile";

/**
 * The balance, leading to the wallet, only in the owner's view; then for everyone what tells a buyer whether to
 * trust this seller: rating (SPEC §2: one decimal), reviews, completed deals, presence and member-since.
 */
export function ProfileFacts({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  return (
    <DataList size="sm" labelWidth={130} withDivider>
      {profile.view === "owner" && (
        <DataList.Item>
          <DataList.ItemLabel>{t("facts.balance")}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Anchor
              component={Link}
              to="/wallet"
              fw={700}
              inherit
              aria-label={t("facts.openWallet", { balance: formatBalance(profile.user.balance) })}
            >
              {formatBalance(profile.user.balance)}
            </Anchor>
            {profile.user.has_frozen_balance && (
              <Text size="xs" c="blue.8">
                {t("facts.frozen")}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      )}
      <SellerStatsFacts stats={profile.user.seller_stats} />
    </DataList>
  );
}

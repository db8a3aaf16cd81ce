import { Anchor, DataList, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatBalance } from "@lootlane/contract";
import { Link } from "react-router";
import { formatDate } from "@/shared/format/date";
import { formatRating } from "@/shared/format/number";
import type { Profile } from "../api/get-profile";

/** Rating and member-since for everyone; the balance, leading to the wallet, only in the owner's view (SPEC §2, §9 formats). */
export function ProfileFacts({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const { user } = profile;
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
      <DataList.Item>
        <DataList.ItemLabel>{t("facts.rating")}</DataList.ItemLabel>
        <DataList.ItemValue>
          <span aria-hidden="true">★ </span>
          {formatRating(user.rating)}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{t("facts.memberSince")}</DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(user.created_at)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}

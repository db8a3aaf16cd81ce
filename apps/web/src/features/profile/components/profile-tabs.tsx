import { Button, Card, EmptyState, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BoxIcon, CheckCircleIcon, ChatIcon, TagIcon } from "@/shared/ui/icons";
import type { Profile } from "../api/get-profile";

type TabKey = "products" | "reviews" | "purchases" | "active" | "sold";

/** SPEC §2: the owner manages their own goods and purchases; a visitor sees what is on sale and what sold. */
const TABS: Record<Profile["view"], TabKey[]> = {
  owner: ["products", "reviews", "purchases"],
  visitor: ["active", "reviews", "sold"],
};

const ICONS = { products: BoxIcon, active: BoxIcon, reviews: ChatIcon, purchases: TagIcon, sold: CheckCircleIcon } as const;

/** Each tab's empty state; the catalogue and deals issues put their lists in front of it. */
function TabEmptyState({ tab, owner }: { tab: TabKey; owner: boolean }) {
  const { t } = useTranslation("profile");
  const Icon = ICONS[tab];
  return (
    <EmptyState variant="light" icon={<Icon size={28} />} title={t(`tabs.${tab}.empty`)} description={t(`tabs.${tab}.emptyText`)} py="xl">
      {owner && tab === "products" && (
        <EmptyState.Actions>
          <Button component={Link} to="/product/create" variant="light" leftSection={<TagIcon size={16} />}>
            {t("tabs.products.sell")}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

export function ProfileTabs({ view }: { view: Profile["view"] }) {
  const { t } = useTranslation("profile");
  const tabs = TABS[view];
  return (
    <Card padding={0}>
      <Tabs defaultValue={tabs[0]}>
        <Tabs.List aria-label={t("tabs.label")} grow px="md" pt="xs">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tabs.${tab}.title`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} p="md">
            <TabEmptyState tab={tab} owner={view === "owner"} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

import { Alert, Button, Card, EmptyState, Stack, Tabs, Text } from "@mantine/core";
import type { Product } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { ProductGrid } from "@/shared/catalog/product-grid";
import { ProductGridSkeleton } from "@/shared/catalog/product-grid-skeleton";
import { describeError } from "@/shared/errors/error-message";
import { BoxIcon, CheckCircleIcon, ChatIcon, TagIcon } from "@/shared/ui/icons";
import { useUserProducts } from "../api/get-user-products";
import type { Profile } from "../api/get-profile";

type TabKey = "products" | "reviews" | "purchases" | "active" | "sold";
type ProductTabKey = Extract<TabKey, "products" | "active" | "sold">;

/** SPEC §2: the owner manages their own goods and purchases; a visitor sees what is on sale and what sold. */
const TABS: Record<Profile["view"], TabKey[]> = {
  owner: ["products", "reviews", "purchases"],
  visitor: ["active", "reviews", "sold"],
};

const ICONS = { products: BoxIcon, active: BoxIcon, reviews: ChatIcon, purchases: TagIcon, sold: CheckCircleIcon } as const;

/**
 * Which of the seller's products each tab lists. The owner's answer holds every status and shows it on each card
 * (ACTIVE / SOLD / PENDING); a visitor's answer holds active and sold ones, split between two tabs.
 */
const PRODUCT_TABS: Record<ProductTabKey, { pick: (product: Product) => boolean; showStatus: boolean }> = {
  products: { pick: () => true, showStatus: true },
  active: { pick: (product) => product.status === "active", showStatus: false },
  sold: { pick: (product) => product.is_sold, showStatus: true },
};

function isProductTab(tab: TabKey): tab is ProductTabKey {
  return tab in PRODUCT_TABS;
}

/** Each tab's empty state; the deals issue puts the reviews and purchases lists in front of theirs. */
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

function ProductTab({ tab, products, owner }: { tab: ProductTabKey; products: ReturnType<typeof useUserProducts>; owner: boolean }) {
  const { t } = useTranslation("profile");
  const { t: tc } = useTranslation("common");
  if (products.isPending) return <ProductGridSkeleton count={4} />;
  if (products.isError) {
    return (
      <Alert color="red" title={t("tabs.loadError")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(products.error)}</Text>
          <Button variant="light" color="red" onClick={() => void products.refetch()}>
            {tc("retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { pick, showStatus } = PRODUCT_TABS[tab];
  const listed = products.data.filter(pick);
  if (listed.length === 0) return <TabEmptyState tab={tab} owner={owner} />;
  return <ProductGrid products={listed} showStatus={showStatus} />;
}

export function ProfileTabs({ username, view }: { username: string; view: Profile["view"] }) {
  const { t } = useTranslation("profile");
  const { data: currentUser } = useCurrentUser();
  // One request serves every product tab of the profile.
  const products = useUserProducts(username, currentUser?.username ?? null);
  const tabs = TABS[view];
  const owner = view === "owner";
  return (
    <Card padding={0}>
      <Tabs defaultValue={tabs[0]}>
        {/* Tighter on a phone, so three Russian tab names still fit on one line at 375 px. */}
        <Tabs.List aria-label={t("tabs.label")} grow px={{ base: 0, xs: "md" }} pt="xs">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} px={{ base: "xs", xs: "md" }}>
              {t(`tabs.${tab}.title`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} p="md">
            {isProductTab(tab) ? <ProductTab tab={tab} products={products} owner={owner} /> : <TabEmptyState tab={tab} owner={owner} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

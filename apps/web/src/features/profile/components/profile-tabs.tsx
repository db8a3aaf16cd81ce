import { Button, Card, EmptyState, Tabs } from "@mantine/core";
import type { Product } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { ListingControls } from "@/shared/catalog/listing-controls";
import { ProductGrid } from "@/shared/catalog/product-grid";
import { ProductGridSkeleton } from "@/shared/catalog/product-grid-skeleton";
import { BoxIcon, CheckCircleIcon, ChatIcon, TagIcon } from "@/shared/ui/icons";
import type { Profile } from "../api/get-profile";
import { useUserProducts } from "../api/get-user-products";
import { DealList } from "./deal-list";
import { ReviewList } from "./review-list";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

type TabKey = "products" | "reviews" | "purchases" | "sales" | "active" | "sold";
type ProductTabKey = Extract<TabKey, "products" | "active" | "sold">;

/**
 * SPEC §2: the owner manages their own goods and purchases; a visitor sees what is on sale and what sold. The
 * owner's sales (beyond the spec's three tabs) are the seller's side of their deals, with each deal's status.
 */
const TABS: Record<Profile["view"], TabKey[]> = {
  owner: ["products", "reviews", "purchases", "sales"],
  visitor: ["active", "reviews", "sold"],
};

const ICONS = {
  products: BoxIcon,
  active: BoxIcon,
  reviews: ChatIcon,
  purchases: TagIcon,
  sales: CheckCircleIcon,
  sold: CheckCircleIcon,
} as const;

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

function TabEmptyState({ tab, owner }: { tab: TabKey; owner: boolean }) {
  const { t } = useTranslation("profile");
  const Icon = ICONS[tab];
  return (
    <EmptyState
      variant="light"
      icon={<Icon size={28} />}
      title={t(`tabs.${tab}.empty`)}
      description={t(`tabs.${tab}.emptyText`)}
      py="xl"
    >
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

function ProductTab({
  tab,
  products,
  owner,
}: {
  tab: ProductTabKey;
  products: ReturnType<typeof useUserProducts>;
  owner: boolean;
}) {
  const { t } = useTranslation("profile");
  if (products.isPending) return <ProductGridSkeleton count={4} />;
  if (products.isError)
    return (
      <LoadErrorAlert title={t("tabs.loadError")} error={products.error} onRetry={() => void products.refetch()} />
    );
  const { pick, showStatus } = PRODUCT_TABS[tab];
  const listed = products.data.filter(pick);
  if (listed.length === 0) return <TabEmptyState tab={tab} owner={owner} />;
  // The owner pauses, resumes and relists from their own list.
  const controls = owner ? (product: Product) => <ListingControls listing={product} size="xs" /> : undefined;
  return <ProductGrid products={listed} showStatus={showStatus} actions={controls} />;
}

function TabContent({
  tab,
  profile,
  products,
}: {
  tab: TabKey;
  profile: Profile;
  products: ReturnType<typeof useUserProducts>;
}) {
  const owner = profile.view === "owner";
  const empty = <TabEmptyState tab={tab} owner={owner} />;
  if (isProductTab(tab)) return <ProductTab tab={tab} products={products} owner={owner} />;
  if (tab === "reviews") return <ReviewList username={profile.user.username} owner={owner} empty={empty} />;
  // Purchases and sales are the owner's tabs only, and the owner's view carries the user's id.
  return profile.view === "owner" ? <DealList userId={profile.user.id} side={tab} empty={empty} /> : empty;
}

export function ProfileTabs({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const { data: currentUser } = useCurrentUser();
  // One request serves every product tab of the profile.
  const products = useUserProducts(profile.user.username, currentUser?.username ?? null);
  const tabs = TABS[profile.view];
  return (
    <Card padding={0}>
      {/* Only the open tab is mounted: purchases, sales and reviews are fetched when first opened. */}
      <Tabs defaultValue={tabs[0]} keepMounted={false}>
        {/* Tighter on a phone, so the tab names still fit on one line at 375 px. */}
        <Tabs.List aria-label={t("tabs.label")} grow px={{ base: 0, xs: "md" }} pt="xs">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} px={{ base: 6, xs: "md" }}>
              {t(`tabs.${tab}.title`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} p="md">
            <TabContent tab={tab} profile={profile} products={products} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

import { Button, Card, EmptyState, Stack, Tabs } from "@mantine/core";
import type { Product, SellerProductsShelf } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { ListingControls } from "@/shared/catalog/listing-controls";
import { ProductGrid } from "@/shared/catalog/product-grid";
import { ProductGridSkeleton } from "@/shared/catalog/product-grid-skeleton";
import { PROFILE_TAB_PARAM } from "@/shared/trust/profile-tab";
import { BoxIcon, CheckCircleIcon, ChatIcon, TagIcon } from "@/shared/ui/icons";
import type { Profile } from "../api/get-profile";
import { useUserProducts } from "../api/get-user-products";
import { DealList } from "./deal-list";
import { LoadMoreButton } from "./load-more-button";
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
 * Which of the seller's products each tab lists, a page at a time. The owner's tab holds every status and shows it on
 * each card (ACTIVE / SOLD / PENDING); a visitor's two tabs each ask the server for their shelf, so every page of
 * a tab is a full page of that tab.
 */
const PRODUCT_TABS: Record<ProductTabKey, { shelf: SellerProductsShelf | undefined; showStatus: boolean }> = {
  products: { shelf: undefined, showStatus: true },
  active: { shelf: "on_sale", showStatus: false },
  sold: { shelf: "sold", showStatus: true },
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

function ProductTab({ tab, username, owner }: { tab: ProductTabKey; username: string; owner: boolean }) {
  const { t } = useTranslation("profile");
  const { data: currentUser } = useCurrentUser();
  const { shelf, showStatus } = PRODUCT_TABS[tab];
  const products = useUserProducts(username, currentUser?.username ?? null, shelf);
  if (products.isPending) return <ProductGridSkeleton count={4} />;
  if (products.isError)
    return (
      <LoadErrorAlert title={t("tabs.loadError")} error={products.error} onRetry={() => void products.refetch()} />
    );
  if (products.data.length === 0) return <TabEmptyState tab={tab} owner={owner} />;
  // The owner pauses, resumes and relists from their own list.
  const controls = owner ? (product: Product) => <ListingControls listing={product} size="xs" /> : undefined;
  return (
    <Stack gap="md">
      <ProductGrid products={products.data} showStatus={showStatus} actions={controls} />
      <LoadMoreButton list={products} />
    </Stack>
  );
}

function TabContent({ tab, profile }: { tab: TabKey; profile: Profile }) {
  const owner = profile.view === "owner";
  const empty = <TabEmptyState tab={tab} owner={owner} />;
  if (isProductTab(tab)) return <ProductTab tab={tab} username={profile.user.username} owner={owner} />;
  if (tab === "reviews") return <ReviewList username={profile.user.username} owner={owner} empty={empty} />;
  // Purchases and sales are the owner's tabs only, and the owner's view carries the user's id.
  return profile.view === "owner" ? <DealList userId={profile.user.id} side={tab} empty={empty} /> : empty;
}

/** The tab a link may name (`?tab=reviews`, from a product page's "all reviews"), else the view's first. */
function openTab(tabs: TabKey[], asked: string | null): TabKey {
  return tabs.find((tab) => tab === asked) ?? tabs[0]!;
}

export function ProfileTabs({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = TABS[profile.view];
  const value = openTab(tabs, searchParams.get(PROFILE_TAB_PARAM));
  return (
    <Card padding={0}>
      {/* Only the open tab is mounted: each tab's list is fetched when first opened. The open tab is kept in the
          address, so a link can open one and Back returns to the profile as it was. */}
      <Tabs
        value={value}
        onChange={(tab) =>
          setSearchParams(
            (params) => {
              if (tab === null || tab === tabs[0]) params.delete(PROFILE_TAB_PARAM);
              else params.set(PROFILE_TAB_PARAM, tab);
              return params;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
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
            <TabContent tab={tab} profile={profile} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

import { Suspense } from "react";
import { type Location, type RouteObject, matchRoutes, useRoutes } from "react-router";
import { loadNamespaces } from "@/shared/i18n/i18n";
import type { Namespace } from "@/shared/i18n/namespaces";
import { PageLoader } from "@/shared/ui/page-loader";
import { CurrentUserGate } from "../guards/current-user-gate";
import { RequireAdmin } from "../guards/require-admin";
import { RequireAuth } from "../guards/require-auth";
import { DefaultLayout } from "../layouts/default-layout/default-layout";
import { isLazyScreen, lazyScreen } from "./lazy-screen";
import { RouteErrorBoundary } from "./route-error-boundary";

function StartupLoader() {
  return <PageLoader fullScreen />;
}

/** A screen's code and its texts, downloaded side by side: the screen never renders before its words have arrived. */
function withTexts<T>(load: () => Promise<T>, ...namespaces: Namespace[]): () => Promise<T> {
  return () => Promise.all([load(), loadNamespaces(namespaces)]).then(([loaded]) => loaded);
}

/** A game's page with the app's own not-found screen, which it shows for an unknown game or kind of goods. */
const gamePage = withTexts(async () => {
  const [{ GamePage }, { NotFoundPage }] = await Promise.all([
    import("@/features/home/pages/game-page"),
    import("../pages/not-found-page"),
  ]);
  return function GameRoute() {
    return <GamePage notFound={<NotFoundPage />} />;
  };
}, "home");

/**
 * SPEC §2 route table. Every screen is its own lazily loaded chunk, so the first visit downloads only the
 * app shell and the screen it opens, with that screen's texts in the interface language (the shell's own are
 * loaded before the first render). The admin layout is lazy too: most visitors never see it.
 * A function, so each rendering of the app (each test) starts with screens not yet downloaded.
 */
export const createRoutes = (): RouteObject[] => [
  {
    Component: CurrentUserGate,
    children: [
      {
        Component: DefaultLayout,
        // Inside the layout, so a failing screen keeps the header and navigation.
        children: [
          {
            Component: RouteErrorBoundary,
            children: [
              {
                index: true,
                Component: lazyScreen(
                  withTexts(() => import("@/features/home/pages/home-page").then((m) => m.HomePage), "home"),
                ),
              },
              {
                // Issue 21: a game, and one kind of goods of it. One page for both, so choosing a tab keeps what is
                // typed in its search and price fields; the child routes only name the tab.
                path: "games/:gameSlug",
                Component: lazyScreen(gamePage),
                children: [{ index: true }, { path: ":subcategorySlug" }],
              },
              {
                path: "signin",
                Component: lazyScreen(
                  withTexts(() => import("@/features/auth/pages/sign-in-page").then((m) => m.SignInPage), "auth"),
                ),
              },
              {
                path: "signup",
                Component: lazyScreen(
                  withTexts(() => import("@/features/auth/pages/sign-up-page").then((m) => m.SignUpPage), "auth"),
                ),
              },
              {
                path: "password-reset",
                Component: lazyScreen(
                  withTexts(
                    () => import("@/features/auth/pages/password-reset-page").then((m) => m.PasswordResetPage),
                    "auth",
                  ),
                ),
              },
              {
                path: "profile/:username",
                Component: lazyScreen(
                  withTexts(
                    () => import("@/features/profile/pages/profile-page").then((m) => m.ProfilePage),
                    "profile",
                    "reports",
                  ),
                ),
              },
              {
                path: "product/:productId",
                Component: lazyScreen(
                  withTexts(
                    () => import("@/features/products/pages/product-page").then((m) => m.ProductPage),
                    "products",
                    "reports",
                  ),
                ),
              },
              {
                // The link of every notification e-mail: it works without signing in (the token says who).
                path: "unsubscribe",
                Component: lazyScreen(
                  withTexts(
                    () => import("@/features/notifications/pages/unsubscribe-page").then((m) => m.UnsubscribePage),
                    "notifications",
                  ),
                ),
              },
              {
                Component: RequireAuth,
                children: [
                  {
                    path: "chats",
                    Component: lazyScreen(
                      withTexts(() => import("@/features/chats/pages/chats-page").then((m) => m.ChatsPage), "chats"),
                    ),
                  },
                  {
                    path: "product/create",
                    Component: lazyScreen(
                      withTexts(
                        () => import("@/features/products/pages/product-create-page").then((m) => m.ProductCreatePage),
                        "productForm",
                      ),
                    ),
                  },
                  {
                    // Only the owner may edit: the page checks that once the product has loaded.
                    path: "product/edit/:id",
                    Component: lazyScreen(
                      withTexts(
                        () => import("@/features/products/pages/product-edit-page").then((m) => m.ProductEditPage),
                        "productForm",
                        "products",
                      ),
                    ),
                  },
                  {
                    // The seller's units (and an admin's read of them): the page checks who may see them.
                    path: "product/:id/stock",
                    Component: lazyScreen(
                      withTexts(
                        () => import("@/features/products/pages/product-stock-page").then((m) => m.ProductStockPage),
                        "products",
                        "productForm",
                      ),
                    ),
                  },
                  {
                    path: "wallet",
                    Component: lazyScreen(
                      withTexts(
                        () => import("@/features/wallet/pages/wallet-page").then((m) => m.WalletPage),
                        "wallet",
                      ),
                    ),
                  },
                  {
                    path: "notifications",
                    Component: lazyScreen(
                      withTexts(
                        () =>
                          import("@/features/notifications/pages/notifications-page").then((m) => m.NotificationsPage),
                        "notifications",
                      ),
                    ),
                  },
                  // SPEC: owner only; it always shows the signed-in user's own settings. The notification switches
                  // name each event as the bell does.
                  {
                    path: "settings",
                    Component: lazyScreen(
                      withTexts(
                        () => import("@/features/settings/pages/settings-page").then((m) => m.SettingsPage),
                        "settings",
                        "notifications",
                      ),
                    ),
                  },
                  // Issue 25: the seller API's tokens and webhooks, the user's own.
                  {
                    path: "settings/api",
                    Component: lazyScreen(
                      withTexts(
                        () => import("@/features/settings/pages/api-settings-page").then((m) => m.ApiSettingsPage),
                        "settings",
                      ),
                    ),
                  },
                ],
              },
              {
                path: "not-access",
                Component: lazyScreen(() => import("../pages/not-access-page").then((m) => m.NotAccessPage)),
              },
              {
                path: "404",
                Component: lazyScreen(() =>
                  import("../pages/profile-not-found-page").then((m) => m.ProfileNotFoundPage),
                ),
              },
              { path: "error", Component: lazyScreen(() => import("../pages/error-page").then((m) => m.ErrorPage)) },
              { path: "*", Component: lazyScreen(() => import("../pages/not-found-page").then((m) => m.NotFoundPage)) },
            ],
          },
        ],
      },
      {
        // The built-in test checkout stands in for a payment provider's page: no app chrome, open to anyone with the link.
        path: "pay/test/:id",
        Component: RouteErrorBoundary,
        children: [
          {
            index: true,
            Component: lazyScreen(
              withTexts(
                () => import("@/features/wallet/pages/test-checkout-page").then((m) => m.TestCheckoutPage),
                "wallet",
              ),
            ),
          },
        ],
      },
      {
        path: "admin",
        Component: RequireAdmin,
        children: [
          {
            Component: lazyScreen(
              withTexts(
                () => import("../layouts/admin-layout/admin-layout").then((m) => m.AdminLayout),
                "admin",
                "adminCatalog",
                "adminDeals",
                "adminWithdrawals",
                "adminReports",
                "reports",
              ),
            ),
            children: [
              {
                Component: RouteErrorBoundary,
                children: [
                  {
                    index: true,
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-dashboard-page").then((m) => m.AdminDashboardPage),
                    ),
                  },
                  {
                    path: "users",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-users-page").then((m) => m.AdminUsersPage),
                    ),
                  },
                  {
                    path: "users/edit/:id",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-user-edit-page").then((m) => m.AdminUserEditPage),
                    ),
                  },
                  {
                    path: "products",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-products-page").then((m) => m.AdminProductsPage),
                    ),
                  },
                  {
                    path: "deals",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-deals-page").then((m) => m.AdminDealsPage),
                    ),
                  },
                  {
                    path: "chats/:chatId",
                    Component: lazyScreen(() =>
                      import("@/features/chats/pages/admin-chat-page").then((m) => m.AdminChatPage),
                    ),
                  },
                  {
                    path: "withdrawals",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-withdrawals-page").then((m) => m.AdminWithdrawalsPage),
                    ),
                  },
                  {
                    path: "reports",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-reports-page").then((m) => m.AdminReportsPage),
                    ),
                  },
                  {
                    path: "audit-log",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-audit-log-page").then((m) => m.AdminAuditLogPage),
                    ),
                  },
                  {
                    path: "categories",
                    Component: lazyScreen(() =>
                      import("@/features/admin/pages/admin-categories-page").then((m) => m.AdminCategoriesPage),
                    ),
                  },
                  {
                    path: "*",
                    Component: lazyScreen(() => import("../pages/not-found-page").then((m) => m.NotFoundPage)),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the screens `location` opens, before the first render asks for them. A failed download is
 * not this caller's to report: the render that needs the screen gets the same failure and shows the crash screen.
 */
export function preloadScreens(routes: RouteObject[], location: Partial<Location>): void {
  for (const { route } of matchRoutes(routes, location) ?? [])
    if (isLazyScreen(route.Component)) route.Component.preload().catch(() => undefined);
}

/**
 * The route table rendered at the router's location. The app's first screen shows the startup loader until its code
 * arrives; later navigations are transitions, so the screen being left stays until the next one is ready. A crash
 * outside every screen (in a layout or a guard) still gets the error screen.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<StartupLoader />}>{useRoutes(routes)}</Suspense>
    </RouteErrorBoundary>
  );
}

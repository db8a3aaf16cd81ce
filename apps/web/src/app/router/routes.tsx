import type { RouteObject } from "react-router";
import { PageLoader } from "@/shared/ui/page-loader";
import { CurrentUserGate } from "../guards/current-user-gate";
import { RequireAdmin } from "../guards/require-admin";
import { RequireAuth } from "../guards/require-auth";
import { DefaultLayout } from "../layouts/default-layout/default-layout";
import { RouteErrorBoundary } from "./route-error-boundary";

function StartupLoader() {
  return <PageLoader fullScreen />;
}

/**
 * SPEC §2 route table. Every screen is its own lazily loaded chunk, so the first visit downloads only the
 * app shell and the screen it opens. The admin layout is lazy too: most visitors never see it.
 * A function, because a router consumes the `lazy` definitions it resolves: each router needs its own table.
 */
export const createRoutes = (): RouteObject[] => [
  {
    Component: CurrentUserGate,
    HydrateFallback: StartupLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        Component: DefaultLayout,
        // Inside the layout, so a failing screen keeps the header and navigation.
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: { Component: () => import("@/features/home/pages/home-page").then((m) => m.HomePage) } },
              { path: "signin", lazy: { Component: () => import("@/features/auth/pages/sign-in-page").then((m) => m.SignInPage) } },
              { path: "signup", lazy: { Component: () => import("@/features/auth/pages/sign-up-page").then((m) => m.SignUpPage) } },
              {
                path: "password-reset",
                lazy: { Component: () => import("@/features/auth/pages/password-reset-page").then((m) => m.PasswordResetPage) },
              },
              { path: "profile/:username", lazy: { Component: () => import("@/features/profile/pages/profile-page").then((m) => m.ProfilePage) } },
              { path: "product/:productId", lazy: { Component: () => import("@/features/products/pages/product-page").then((m) => m.ProductPage) } },
              {
                Component: RequireAuth,
                children: [
                  { path: "chats", lazy: { Component: () => import("@/features/chats/pages/chats-page").then((m) => m.ChatsPage) } },
                  {
                    path: "product/create",
                    lazy: { Component: () => import("@/features/products/pages/product-create-page").then((m) => m.ProductCreatePage) },
                  },
                  {
                    // Only the owner may edit: the page checks that once the product has loaded.
                    path: "product/edit/:id",
                    lazy: { Component: () => import("@/features/products/pages/product-edit-page").then((m) => m.ProductEditPage) },
                  },
                  // SPEC: owner only; it always shows the signed-in user's own settings.
                  { path: "settings", lazy: { Component: () => import("@/features/settings/pages/settings-page").then((m) => m.SettingsPage) } },
                ],
              },
              { path: "not-access", lazy: { Component: () => import("../pages/not-access-page").then((m) => m.NotAccessPage) } },
              { path: "404", lazy: { Component: () => import("../pages/profile-not-found-page").then((m) => m.ProfileNotFoundPage) } },
              { path: "error", lazy: { Component: () => import("../pages/error-page").then((m) => m.ErrorPage) } },
              { path: "*", lazy: { Component: () => import("../pages/not-found-page").then((m) => m.NotFoundPage) } },
            ],
          },
        ],
      },
      {
        path: "admin",
        Component: RequireAdmin,
        children: [
          {
            lazy: { Component: () => import("../layouts/admin-layout/admin-layout").then((m) => m.AdminLayout) },
            children: [
              {
                ErrorBoundary: RouteErrorBoundary,
                children: [
                  { index: true, lazy: { Component: () => import("@/features/admin/pages/admin-dashboard-page").then((m) => m.AdminDashboardPage) } },
                  { path: "users", lazy: { Component: () => import("@/features/admin/pages/admin-users-page").then((m) => m.AdminUsersPage) } },
                  {
                    path: "users/edit/:id",
                    lazy: { Component: () => import("@/features/admin/pages/admin-user-edit-page").then((m) => m.AdminUserEditPage) },
                  },
                  { path: "products", lazy: { Component: () => import("@/features/admin/pages/admin-products-page").then((m) => m.AdminProductsPage) } },
                  { path: "deals", lazy: { Component: () => import("@/features/admin/pages/admin-deals-page").then((m) => m.AdminDealsPage) } },
                  {
                    path: "categories",
                    lazy: { Component: () => import("@/features/admin/pages/admin-categories-page").then((m) => m.AdminCategoriesPage) },
                  },
                  { path: "*", lazy: { Component: () => import("../pages/not-found-page").then((m) => m.NotFoundPage) } },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

import type { resources } from "./resources";

/** One feature's texts: src/locales/<language>/<file>.json. */
export type Namespace = keyof (typeof resources)["en"];

/** The file each namespace is read from. */
export const NAMESPACE_FILES: Record<Namespace, string> = {
  admin: "admin",
  adminCatalog: "admin-catalog",
  adminDeals: "admin-deals",
  adminReports: "admin-reports",
  adminWithdrawals: "admin-withdrawals",
  auth: "auth",
  chats: "chats",
  common: "common",
  home: "home",
  layout: "layout",
  notifications: "notifications",
  productForm: "product-form",
  products: "products",
  profile: "profile",
  reports: "reports",
  settings: "settings",
  status: "status",
  wallet: "wallet",
};

/** What the app shell shows on any screen (the loader, header, navigation, error screens): loaded before the first render. */
export const SHELL_NAMESPACES: readonly Namespace[] = ["common", "layout", "status"];

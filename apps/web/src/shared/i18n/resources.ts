import enAdmin from "@/locales/en/admin.json";
import enAdminCatalog from "@/locales/en/admin-catalog.json";
import enAdminDeals from "@/locales/en/admin-deals.json";
import enAdminReports from "@/locales/en/admin-reports.json";
import enAdminWithdrawals from "@/locales/en/admin-withdrawals.json";
import enAuth from "@/locales/en/auth.json";
import enChats from "@/locales/en/chats.json";
import enCommon from "@/locales/en/common.json";
import enHome from "@/locales/en/home.json";
import enLayout from "@/locales/en/layout.json";
import enNotifications from "@/locales/en/notifications.json";
import enProductForm from "@/locales/en/product-form.json";
import enProducts from "@/locales/en/products.json";
import enProfile from "@/locales/en/profile.json";
import enReports from "@/locales/en/reports.json";
import enSettings from "@/locales/en/settings.json";
import enStatus from "@/locales/en/status.json";
import enWallet from "@/locales/en/wallet.json";
import ruAdmin from "@/locales/ru/admin.json";
import ruAdminCatalog from "@/locales/ru/admin-catalog.json";
import ruAdminDeals from "@/locales/ru/admin-deals.json";
import ruAdminReports from "@/locales/ru/admin-reports.json";
import ruAdminWithdrawals from "@/locales/ru/admin-withdrawals.json";
import ruAuth from "@/locales/ru/auth.json";
import ruChats from "@/locales/ru/chats.json";
import ruCommon from "@/locales/ru/common.json";
import ruHome from "@/locales/ru/home.json";
import ruLayout from "@/locales/ru/layout.json";
import ruNotifications from "@/locales/ru/notifications.json";
import ruProductForm from "@/locales/ru/product-form.json";
import ruProducts from "@/locales/ru/products.json";
import ruProfile from "@/locales/ru/profile.json";
import ruReports from "@/locales/ru/reports.json";
import ruSettings from "@/locales/ru/settings.json";
import ruStatus from "@/locales/ru/status.json";
import ruWallet from "@/locales/ru/wallet.json";

/**
 * Every text of both languages at once, for the locale tests and the compile-time key types. The app itself
 * never imports this: it loads one language's namespaces as screens need them (i18n.ts).
 * Error texts are not here: they come from the contract's error catalogue.
 */
export const resources = {
  en: {
    admin: enAdmin,
    adminCatalog: enAdminCatalog,
    adminDeals: enAdminDeals,
    adminReports: enAdminReports,
    adminWithdrawals: enAdminWithdrawals,
    auth: enAuth,
    chats: enChats,
    common: enCommon,
    home: enHome,
    layout: enLayout,
    notifications: enNotifications,
    productForm: enProductForm,
    products: enProducts,
    profile: enProfile,
    reports: enReports,
    settings: enSettings,
    status: enStatus,
    wallet: enWallet,
  },
  ru: {
    admin: ruAdmin,
    adminCatalog: ruAdminCatalog,
    adminDeals: ruAdminDeals,
    adminReports: ruAdminReports,
    adminWithdrawals: ruAdminWithdrawals,
    auth: ruAuth,
    chats: ruChats,
    common: ruCommon,
    home: ruHome,
    layout: ruLayout,
    notifications: ruNotifications,
    productForm: ruProductForm,
    products: ruProducts,
    profile: ruProfile,
    reports: ruReports,
    settings: ruSettings,
    status: ruStatus,
    wallet: ruWallet,
  },
};

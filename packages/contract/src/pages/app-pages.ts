/*
 * Every page of the web app, as its router spells the path (apps/web/src/app/router/routes.tsx, whose test checks
 * that each of its routes is listed here). The server answers these paths with the app and every other path
 * outside the API with HTTP 404 (modules/pages), and tells search engines which pages are worth indexing: the
 * catalogue and the sellers, not one person's chats, wallet or settings, nor screens that only say something
 * went wrong.
 */

export type AppPage = {
  /** A react-router path: static segments and `:param` segments, no wildcards. */
  readonly path: string;
  /** Whether search engines may index the page; the others carry `noindex` and robots.txt disallows them. */
  readonly indexed: boolean;
};

export const APP_PAGES = [
  { path: "/", indexed: true },
  { path: "/games/:gameSlug", indexed: true },
  { path: "/games/:gameSlug/:subcategorySlug", indexed: true },
  { path: "/product/:productId", indexed: true },
  { path: "/profile/:username", indexed: true },
  { path: "/signin", indexed: true },
  { path: "/signup", indexed: true },
  { path: "/password-reset", indexed: false },
  { path: "/unsubscribe", indexed: false },
  { path: "/chats", indexed: false },
  { path: "/product/create", indexed: false },
  { path: "/product/edit/:id", indexed: false },
  { path: "/product/:id/stock", indexed: false },
  { path: "/wallet", indexed: false },
  { path: "/notifications", indexed: false },
  { path: "/settings", indexed: false },
  { path: "/settings/api", indexed: false },
  { path: "/not-access", indexed: false },
  { path: "/404", indexed: false },
  { path: "/error", indexed: false },
  { path: "/pay/test/:id", indexed: false },
  { path: "/admin", indexed: false },
  { path: "/admin/users", indexed: false },
  { path: "/admin/users/edit/:id", indexed: false },
  { path: "/admin/products", indexed: false },
  { path: "/admin/deals", indexed: false },
  { path: "/admin/chats/:chatId", indexed: false },
  { path: "/admin/withdrawals", indexed: false },
  { path: "/admin/reports", indexed: false },
  { path: "/admin/categories", indexed: false },
  { path: "/admin/audit-log", indexed: false },
] as const satisfies readonly AppPage[];

export type AppPagePath = (typeof APP_PAGES)[number]["path"];

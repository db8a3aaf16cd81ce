import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "./support/admin-sign-in.js";
import { type ApiSession, sessionFrom } from "./support/api-session.js";
import { blockingViolations, focusedElement } from "./support/axe.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { listedProduct, signUpUser, useJourney } from "./support/journey.js";

const password = "Reachable!1pass";
const seller = "a11y_seller";
const buyer = "a11y_buyer";

type Role = "guest" | "buyer" | "seller" | "admin";
type Language = "en" | "ru";

/** What the screens show, made through the API before the first visit. */
type World = {
  gameSlug: string;
  subcategorySlug: string;
  onSaleId: string;
  soldId: string;
  chatId: string;
  buyerId: string;
  /** The test provider's checkout of a top-up the buyer started. */
  checkoutPath: string;
};

/** The words a screen's opening step looks for, in the language the page shows. */
const words = {
  en: {
    buy: "Buy",
    buyTitle: "Buy this product?",
    report: "Report this listing",
    reportTitle: /^Report/,
    profileMenu: "Profile menu",
  },
  ru: {
    buy: "Купить",
    buyTitle: "Купить этот товар?",
    report: "Пожаловаться на товар",
    reportTitle: /^Жалоба на/,
    profileMenu: "Меню профиля",
  },
} as const;

type Screen = {
  name: string;
  as: Role;
  path: (world: World) => string;
  /** What to open on the screen before it is checked: a dialog or a menu. */
  open?: (page: Page, language: Language) => Promise<void>;
};

async function openDialog(page: Page, button: string, title: string | RegExp): Promise<void> {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("dialog", { name: title }).waitFor({ timeout: 15_000 });
}

async function openMenu(page: Page, button: string): Promise<void> {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("menu").waitFor({ timeout: 15_000 });
}

let signUps = 0;

/** Fills the sign-up form with a new person and sends it, which leads to the step that asks for the mailed code. */
async function toSignUpCode(page: Page): Promise<void> {
  signUps += 1;
  const name = `a11y_new_${signUps}`;
  await page.locator('input[type="email"]').fill(`${name}@example.com`);
  await page.locator('input[autocomplete="username"]').fill(name);
  for (const field of await page.locator('input[autocomplete="new-password"]').all()) await field.fill(password);
  await page.locator('button[type="submit"]').click();
  await page.locator(".mantine-PinInput-root").waitFor({ timeout: 15_000 });
}

/**
 * Every screen of the app (apps/web/src/app/router/routes.tsx) and the dialogs and menus that matter, as the role
 * that may see them. Add a screen here and every language and width checks it.
 */
const screens: Screen[] = [
  { name: "home", as: "guest", path: () => "/" },
  { name: "search", as: "guest", path: () => "/?q=account" },
  { name: "game", as: "guest", path: (w) => `/games/${w.gameSlug}` },
  { name: "game goods", as: "guest", path: (w) => `/games/${w.gameSlug}/${w.subcategorySlug}` },
  { name: "product", as: "guest", path: (w) => `/product/${w.onSaleId}` },
  { name: "seller's profile", as: "guest", path: () => `/profile/${seller}` },
  { name: "seller's reviews", as: "guest", path: () => `/profile/${seller}?tab=reviews` },
  { name: "seller's sold", as: "guest", path: () => `/profile/${seller}?tab=sold` },
  { name: "sign in", as: "guest", path: () => "/signin" },
  { name: "sign up", as: "guest", path: () => "/signup" },
  { name: "sign up code", as: "guest", path: () => "/signup", open: toSignUpCode },
  { name: "password reset", as: "guest", path: () => "/password-reset" },
  { name: "unsubscribe", as: "guest", path: () => "/unsubscribe" },
  { name: "not found", as: "guest", path: () => "/no-such-page" },
  { name: "profile not found", as: "guest", path: () => "/404" },
  { name: "not access", as: "guest", path: () => "/not-access" },
  { name: "error", as: "guest", path: () => "/error" },
  { name: "own products", as: "buyer", path: () => `/profile/${buyer}` },
  { name: "own reviews", as: "buyer", path: () => `/profile/${buyer}?tab=reviews` },
  { name: "own purchases", as: "buyer", path: () => `/profile/${buyer}?tab=purchases` },
  { name: "own sales", as: "buyer", path: () => `/profile/${buyer}?tab=sales` },
  { name: "settings", as: "buyer", path: () => "/settings" },
  { name: "wallet", as: "buyer", path: () => "/wallet" },
  { name: "chats", as: "buyer", path: (w) => `/chats?chat=${w.chatId}` },
  { name: "notifications", as: "buyer", path: () => "/notifications" },
  { name: "product create", as: "buyer", path: () => "/product/create" },
  { name: "test checkout", as: "buyer", path: (w) => w.checkoutPath },
  {
    name: "profile menu",
    as: "buyer",
    path: () => `/profile/${buyer}`,
    open: (page, language) => openMenu(page, words[language].profileMenu),
  },
  {
    name: "buy dialog",
    as: "buyer",
    path: (w) => `/product/${w.onSaleId}`,
    open: (page, language) => openDialog(page, words[language].buy, words[language].buyTitle),
  },
  {
    name: "report dialog",
    as: "buyer",
    path: (w) => `/product/${w.onSaleId}`,
    open: (page, language) => openDialog(page, words[language].report, words[language].reportTitle),
  },
  { name: "product edit", as: "seller", path: (w) => `/product/edit/${w.onSaleId}` },
  { name: "product stock", as: "seller", path: (w) => `/product/${w.onSaleId}/stock` },
  { name: "admin dashboard", as: "admin", path: () => "/admin" },
  { name: "admin users", as: "admin", path: () => "/admin/users" },
  { name: "admin user edit", as: "admin", path: (w) => `/admin/users/edit/${w.buyerId}` },
  { name: "admin products", as: "admin", path: () => "/admin/products" },
  { name: "admin deals", as: "admin", path: () => "/admin/deals" },
  { name: "admin chat", as: "admin", path: (w) => `/admin/chats/${w.chatId}` },
  { name: "admin withdrawals", as: "admin", path: () => "/admin/withdrawals" },
  { name: "admin reports", as: "admin", path: () => "/admin/reports" },
  { name: "admin categories", as: "admin", path: () => "/admin/categories" },
  { name: "admin audit log", as: "admin", path: () => "/admin/audit-log" },
  { name: "admin not found", as: "admin", path: () => "/admin/no-such-page" },
];

/** Waits for a screen to settle: its heading shown and its data loaded, so axe sees what a person would. */
async function settled(page: Page): Promise<void> {
  await page.locator("h1:visible, h2:visible").first().waitFor({ timeout: 15_000 });
  await page
    .locator(".mantine-Loader")
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => undefined);
}

describe.skipIf(skipReason)("accessibility journey", () => {
  const journey = useJourney();
  let world: World;
  /** Each role's cookies, signed in once through the API and handed to every browser context. */
  const cookies: Record<Role, Map<string, string>> = {
    guest: new Map(),
    buyer: new Map(),
    seller: new Map(),
    admin: new Map(),
  };

  const sessionOf = (role: Role): ApiSession => sessionFrom(journey.server.baseUrl, "127.0.0.1", cookies[role]);

  beforeAll(async () => {
    const sellerApi = await signUpUser(journey, seller, password);
    await signUpUser(journey, buyer, password);
    for (const role of ["buyer", "seller"] as const) {
      const login = await sessionOf(role).call("POST", "/auth/login", {
        email: `${role === "buyer" ? buyer : seller}@example.com`,
        password,
      });
      expect(login.status).toBe(200);
    }
    await signInAdmin(sessionOf("admin"), journey.server.baseUrl);

    const product = (title: string) =>
      listedProduct(journey, sellerApi, {
        title,
        description: "Activation key for the Steam version, region free.",
        productData: "key: AAAA-BBBB-CCCC",
        price: 100,
      });
    const onSaleId = await product("Steam key for an accessible game");
    const soldId = await product("Steam key already bought");
    const { user_id: buyerId } = (await (await sessionOf("buyer").call("GET", "/auth/get-my-user-id")).json()) as {
      user_id: string;
    };
    const topUp = await journey.adminApi.call("POST", "/admin/balance-adjustment", {
      user_id: buyerId,
      amount: 1000,
      memo: "accessibility journey",
    });
    expect(topUp.status, await topUp.clone().text()).toBe(200);
    const bought = await sessionOf("buyer").call("POST", "/products/buy", { product_id: soldId });
    expect(bought.status, await bought.clone().text()).toBe(200);
    const chats = (await (await sessionOf("buyer").call("GET", "/chats/")).json()) as { id: string }[];
    const checkout = await sessionOf("buyer").call("POST", "/wallet/top-ups", { amount: 500 });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const { confirmation_url } = (await checkout.json()) as { confirmation_url: string };

    const categories = (await (await sessionOf("guest").call("GET", "/categories/all")).json()) as {
      id: string;
      slug: string;
      parent_id?: string;
    }[];
    const subcategory = categories.find((category) => category.parent_id)!;
    const game = categories.find((category) => category.id === subcategory.parent_id)!;
    world = {
      gameSlug: game.slug,
      subcategorySlug: subcategory.slug,
      onSaleId,
      soldId,
      chatId: chats[0]!.id,
      buyerId,
      checkoutPath: new URL(confirmation_url, journey.server.baseUrl).pathname,
    };
  });

  async function actAs(context: BrowserContext, role: Role): Promise<void> {
    const language = (await context.cookies()).find((cookie) => cookie.name === "user-language");
    await context.clearCookies();
    await context.addCookies([...cookies[role]].map(([name, value]) => ({ name, value, url: journey.server.baseUrl })));
    if (language) await context.addCookies([language]);
  }

  async function contextIn(language: Language, viewport: { width: number; height: number }) {
    const opened = await openPage(journey.browser, journey.server.baseUrl, viewport);
    await opened.context.addInitScript((chosen) => localStorage.setItem("user-language", chosen), language);
    return opened;
  }

  const combinations = (["en", "ru"] as const).flatMap((language) =>
    [viewports.phone, viewports.desktop].map((viewport) => ({ language, viewport })),
  );

  it("every screen in both languages at 375 and 1280 px has no serious or critical axe violation", async () => {
    // The combinations run side by side: most of the time goes to axe's work inside each page.
    const findings = await Promise.all(
      combinations.map(async ({ language, viewport }) => {
        const { context, page } = await contextIn(language, viewport);
        const found: string[] = [];
        let role: Role | undefined;
        for (const screen of screens) {
          if (screen.as !== role) {
            await actAs(context, screen.as);
            role = screen.as;
          }
          const path = screen.path(world);
          await page.goto(path);
          await settled(page);
          await screen.open?.(page, language);
          for (const f of await blockingViolations(page)) {
            found.push(
              `${f.rule} (${f.impact}) ${f.target} on ${screen.name} ${path} [${language}, ${viewport.width} px]: ${f.summary}`,
            );
          }
        }
        await context.close();
        return found;
      }),
    );
    expect(findings.flat()).toEqual([]);
  }, 900_000);

  /** Presses Tab until `isTarget` holds for the focused element (at most `limit` times); answers what has focus. */
  async function tabTo(page: Page, isTarget: () => Promise<boolean>, limit = 60) {
    for (let presses = 0; presses < limit; presses += 1) {
      await page.keyboard.press("Tab");
      if (await isTarget()) return focusedElement(page);
    }
    throw new Error(`nothing expected took the focus in ${limit} presses of Tab`);
  }

  const isFocused = (page: Page, selector: string) => () =>
    page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);

  it("signs in, reaches Buy, moves through the admin's menu and sends a chat message with the keyboard alone", async () => {
    const { context, page } = await contextIn("en", viewports.phone);

    await page.goto("/signin");
    await settled(page);
    expect(await tabTo(page, isFocused(page, 'input[type="email"]'))).toMatchObject({ visibleFocus: true });
    await page.keyboard.type(`${buyer}@example.com`);
    expect(await tabTo(page, isFocused(page, 'input[type="password"]'))).toMatchObject({ visibleFocus: true });
    await page.keyboard.type(password);
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe("/signin");

    await page.goto(`/product/${world.onSaleId}`);
    await settled(page);
    const buy = await tabTo(page, () => page.evaluate(() => document.activeElement?.textContent?.trim() === "Buy"));
    expect(buy).toMatchObject({ visibleFocus: true });
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: words.en.buyTitle }).waitFor({ timeout: 15_000 });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: words.en.buyTitle }).waitFor({ state: "detached", timeout: 15_000 });

    await page.goto(`/chats?chat=${world.chatId}`);
    await settled(page);
    expect(await tabTo(page, isFocused(page, "textarea"), 80)).toMatchObject({ visibleFocus: true });
    await page.keyboard.type("Sent with the keyboard alone");
    await page.keyboard.press("Enter");
    await page
      .getByRole("log", { name: "Messages" })
      .getByText("Sent with the keyboard alone")
      .waitFor({ timeout: 15_000 });

    // The admin's navigation hides behind a menu button on a phone.
    await actAs(context, "admin");
    await page.goto("/admin");
    await settled(page);
    const toggle = await tabTo(page, isFocused(page, ".mantine-Burger-root"));
    expect(toggle).toMatchObject({ visibleFocus: true });
    await page.keyboard.press("Enter");
    const navigation = page.locator(".mantine-AppShell-navbar");
    await navigation.getByRole("link").first().waitFor({ timeout: 15_000 });
    const links = await navigation.getByRole("link").count();
    for (let link = 0; link < Math.min(links, 4); link += 1) {
      const focused = await tabTo(page, () =>
        page.evaluate(() => document.activeElement?.closest(".mantine-AppShell-navbar")?.matches("*") ?? false),
      );
      expect(focused).toMatchObject({ visibleFocus: true });
    }
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe("/admin");

    await context.close();
  });
});

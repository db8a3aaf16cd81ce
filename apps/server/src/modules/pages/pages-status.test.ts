import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, webFixture, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { parsePage } from "../../test/test-html.js";
import { testPeople, type Person } from "../../test/test-people.js";

let t: TestApp;
const { person } = testPeople("status", () => t);
let seller: Person;
let game: Category;
let kind: Category;

beforeAll(async () => {
  t = await createTestApp();
  seller = await person();
  game = await createTestGame(t.database.db, "Status Game");
  kind = await createTestSubcategory(t.database.db, game, "Keys");
});
afterAll(() => t.close());

/** A GET as a crawler, a link-preview bot or a health check sends it: with this Accept header, or none. */
function open(url: string, accept?: string) {
  return t.app.inject({ method: "GET", url, headers: accept === undefined ? {} : { accept } });
}

/** The app's not-found answer: HTTP 404, the app itself (which shows its not-found screen), and noindex. */
async function expectNotFoundPage(url: string) {
  const response = await open(url);
  expect(response.statusCode, url).toBe(404);
  expect(response.headers["content-type"], url).toMatch(/^text\/html/);
  const page = parsePage(response.body);
  expect(page.titles, url).toEqual(["Page not found — Lootlane"]);
  expect(page.meta("robots"), url).toEqual(["noindex"]);
  expect(page.canonical, url).toEqual([]);
  expect(page.scriptSources, url).toEqual([webFixture.assetPath]);
  expect(page.hasAppRoot, url).toBe(true);
}

const productOf = (values: Parameters<typeof createTestProduct>[1]) => createTestProduct(t, values);

describe("pages whatever the client accepts", () => {
  it.each([
    ["no Accept header", undefined],
    ["Accept: */*", "*/*"],
    ["Accept: application/json", "application/json"],
    ["a browser's Accept", "text/html,application/xhtml+xml,*/*;q=0.8"],
  ])("the home page answers its HTML to %s", async (_client, accept) => {
    const response = await open("/", accept);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(parsePage(response.body).titles).toEqual(["Lootlane — a marketplace for digital game goods"]);
  });

  it("keeps the API's own JSON 404 for an unknown API address, however it is asked for", async () => {
    for (const accept of [undefined, "*/*", "text/html"]) {
      const response = await open("/v1/no-such-call", accept);
      expect(response.statusCode, accept).toBe(404);
      expect(response.json().detail.error_code, accept).toBe("ROUTE_NOT_FOUND");
    }
  });

  it("answers a HEAD with the page's status and no body", async () => {
    const known = await t.app.inject({ method: "HEAD", url: "/signin" });
    const unknown = await t.app.inject({ method: "HEAD", url: "/no-such-page" });

    expect([known.statusCode, unknown.statusCode]).toEqual([200, 404]);
    expect(known.body).toBe("");
  });
});

describe("HTTP 404 with the app's not-found screen", () => {
  it("for a path the app does not have", async () => {
    for (const url of ["/no-such-page", "/products/42", "/product", "/product/create/more", "/profile"])
      await expectNotFoundPage(url);
  });

  it("for a product that does not exist, or is no product id at all", async () => {
    await expectNotFoundPage(`/product/${randomUUID()}`);
    await expectNotFoundPage("/product/not-a-uuid");
  });

  it("for a product a guest may not see: in moderation, rejected, paused, deleted or withdrawn", async () => {
    const hidden = [
      await productOf({ sellerId: seller.user.id, categoryId: kind.id, status: "moderation" }),
      await productOf({ sellerId: seller.user.id, categoryId: kind.id, status: "rejected" }),
      await productOf({ sellerId: seller.user.id, categoryId: kind.id, status: "paused" }),
      await productOf({ sellerId: seller.user.id, categoryId: kind.id, deletedAt: new Date() }),
      await productOf({ sellerId: seller.user.id, categoryId: kind.id, status: "withdrawn" }),
    ];
    for (const product of hidden) await expectNotFoundPage(`/product/${product.id}`);
  });

  it("for a profile, a game or a kind of goods that does not exist", async () => {
    await expectNotFoundPage("/profile/nobody_by_this_name");
    await expectNotFoundPage("/games/no-such-game");
    await expectNotFoundPage(`/games/${game.slug}/no-such-kind`);
    const otherGame = await createTestGame(t.database.db, "Other Status Game");
    // A kind of goods exists only under its own game.
    await expectNotFoundPage(`/games/${otherGame.slug}/${kind.slug}`);
  });
});

describe("HTTP 200", () => {
  it("for a sold product, whose page still tells what was sold", async () => {
    for (const status of ["purchased", "completed"] as const) {
      const sold = await productOf({ sellerId: seller.user.id, categoryId: kind.id, status });
      const response = await open(`/product/${sold.id}`);
      expect(response.statusCode, status).toBe(200);
      expect(parsePage(response.body).meta("robots"), status).toEqual([]);
    }
  });

  it("for the product page of any letter case of its id and with a trailing slash", async () => {
    const product = await productOf({ sellerId: seller.user.id, categoryId: kind.id });
    const response = await open(`/product/${product.id.toUpperCase()}/`);

    expect(response.statusCode).toBe(200);
    expect(parsePage(response.body).canonical).toEqual([`http://localhost/product/${product.id}`]);
  });

  it("for the app's other pages, private ones marked noindex and without a canonical link", async () => {
    const id = randomUUID();
    for (const url of [
      "/chats",
      "/wallet",
      "/settings",
      "/notifications",
      "/product/create",
      `/product/edit/${id}`,
      `/product/${id}/stock`,
      `/pay/test/${id}`,
      "/unsubscribe?token=abc",
      "/password-reset",
      "/admin",
      `/admin/users/edit/${id}`,
      "/Admin/Categories/",
    ]) {
      const response = await open(url);
      expect(response.statusCode, url).toBe(200);
      const page = parsePage(response.body);
      expect(page.titles, url).toEqual(["Lootlane"]);
      expect(page.meta("robots"), url).toEqual(["noindex"]);
      expect(page.canonical, url).toEqual([]);
      expect(page.hasAppRoot, url).toBe(true);
    }
  });

  it("for the sign-in and sign-up pages, which search engines may show", async () => {
    for (const url of ["/signin", "/signup"]) {
      const page = parsePage((await open(url)).body);
      expect(page.meta("robots"), url).toEqual([]);
      expect(page.canonical, url).toEqual([`http://localhost${url}`]);
    }
  });
});

describe("when the database cannot be reached", () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp();
    await offline.database.close();
  });
  afterAll(() => offline.close());

  it("still opens the app, with 503 and noindex, so the visitor sees what happened and crawlers come back", async () => {
    const response = await offline.app.inject({ method: "GET", url: `/product/${randomUUID()}` });

    expect(response.statusCode).toBe(503);
    expect(response.headers["cache-control"]).toBe("no-store");
    const page = parsePage(response.body);
    expect(page.meta("robots")).toEqual(["noindex"]);
    expect(page.hasAppRoot).toBe(true);
  });
});

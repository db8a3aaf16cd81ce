import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { formatPrice } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, type Category, type Product } from "../../db/schema/catalog.js";
import { users, type User } from "../../db/schema/users.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestApp, webFixture, type TestApp } from "../../test/test-app.js";
import {
  createTestGame,
  createTestProduct,
  createTestSubcategory,
  sendForm,
  textParts,
} from "../../test/test-catalog.js";
import { createTestDeal } from "../../test/test-deals.js";
import { parsePage } from "../../test/test-html.js";
import { testPeople, type Person } from "../../test/test-people.js";

let t: TestApp;
const { person } = testPeople("heads", () => t);
let seller: Person;
let game: Category;
let accounts: Category;
let product: Product;

const ORIGIN = "http://localhost";
const realIndexHtml = path.resolve(import.meta.dirname, "../../../../web/index.html");

/** A game and a kind of goods named and described in both languages, as the admin enters them. */
async function bilingualCategory(category: Category, fields: Partial<Category>): Promise<Category> {
  const [row] = await t.database.db.update(categories).set(fields).where(eq(categories.id, category.id)).returning();
  return row!;
}

/** The page at `url` as a browser (or a crawler) opens it; `language` is the user-language cookie's value. */
function open(url: string, language?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "GET",
    url,
    headers: { ...(language === undefined ? {} : { cookie: `user-language=${language}` }), ...headers },
  });
}

async function headOf(url: string, language?: string) {
  const response = await open(url, language);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  return parsePage(response.body);
}

/** A completed deal of `seller` reviewed with `stars` by a buyer of its own. */
async function reviewedDeal(stars: number) {
  const buyer = await person();
  const { deal } = await createTestDeal(t, { sellerId: seller.user.id, buyerId: buyer.user.id, categoryId: game.id });
  const review = await buyer.client.post("/v1/reviews/", { deal_id: deal.id, stars, text: "Fast and as described" });
  expect(review.statusCode, review.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  seller = await person();
  game = await bilingualCategory(await createTestGame(db, "Heads Quest"), {
    nameRu: "Хедс Квест",
    description: "A game of heads and tails",
    descriptionRu: "Игра об орлах и решках",
    imageUrl: "/media/seed/games/heads-quest.png",
  });
  accounts = await bilingualCategory(await createTestSubcategory(db, game, "Accounts"), {
    nameRu: "Аккаунты",
    description: "",
    descriptionRu: "",
  });
  product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: accounts.id,
    title: "Level 80 account",
    description: "Every hero unlocked, the e-mail is yours.",
    priceKopecks: 1_500_00,
    imageCount: 2,
  });
  await reviewedDeal(5);
  await reviewedDeal(4);
});
afterAll(() => t.close());

describe("a product page's head", () => {
  it("carries the title, description, canonical link, OpenGraph and Twitter card tags, in English by default", async () => {
    const page = await headOf(`/product/${product.id}`);
    const url = `${ORIGIN}/product/${product.id}`;
    const image = `${ORIGIN}/media/seed/products/${product.id.slice(0, 8)}0.png`;
    const title = `Level 80 account — ${formatPrice(1500)} — Lootlane`;
    const description = `${formatPrice(1500)} · Accounts. Every hero unlocked, the e-mail is yours.`;

    expect(page.lang).toBe("en");
    expect(page.titles).toEqual([title]);
    expect(page.meta("description")).toEqual([description]);
    expect(page.canonical).toEqual([url]);
    expect(page.meta("robots")).toEqual([]);
    expect(page.meta("og:title")).toEqual([title]);
    expect(page.meta("og:description")).toEqual([description]);
    expect(page.meta("og:url")).toEqual([url]);
    expect(page.meta("og:type")).toEqual(["product"]);
    expect(page.meta("og:image")).toEqual([image]);
    expect(page.meta("og:site_name")).toEqual(["Lootlane"]);
    expect(page.meta("og:locale")).toEqual(["en_US"]);
    expect(page.meta("product:price:amount")).toEqual(["1500"]);
    expect(page.meta("product:price:currency")).toEqual(["RUB"]);
    expect(page.meta("twitter:card")).toEqual(["summary_large_image"]);
    expect(page.meta("twitter:title")).toEqual([title]);
    expect(page.meta("twitter:image")).toEqual([image]);
    // The app still loads as before.
    expect(page.scriptSources).toEqual([webFixture.assetPath]);
    expect(page.hasAppRoot).toBe(true);
  });

  it("describes the product as JSON-LD: an Offer in roubles, in stock, from a seller rated by their reviews", async () => {
    const page = await headOf(`/product/${product.id}`);
    const url = `${ORIGIN}/product/${product.id}`;

    expect(page.structuredData).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Level 80 account",
        description: "Every hero unlocked, the e-mail is yours.",
        sku: product.id,
        url,
        category: "Accounts",
        image: [0, 1].map((position) => `${ORIGIN}/media/seed/products/${product.id.slice(0, 8)}${position}.png`),
        offers: {
          "@type": "Offer",
          url,
          price: "1500",
          priceCurrency: "RUB",
          availability: "https://schema.org/InStock",
          seller: {
            "@type": "Organization",
            name: seller.user.username,
            url: `${ORIGIN}/profile/${seller.user.username}`,
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: 4.5,
              reviewCount: 2,
              bestRating: 5,
              worstRating: 1,
            },
          },
        },
      },
    ]);
  });

  it("leaves the rating out for a seller nobody has reviewed, and shows a sold product out of stock", async () => {
    const newcomer = await person();
    const sold = await createTestProduct(t, {
      sellerId: newcomer.user.id,
      categoryId: game.id,
      status: "completed",
      priceKopecks: 99_50,
      imageCount: 0,
    });

    const page = await headOf(`/product/${sold.id}`);

    const [data] = page.structuredData as Array<{ offers: Record<string, unknown> & { seller: object } }>;
    expect(data!.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(data!.offers.price).toBe("99.50");
    expect(data!.offers.seller).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("image");
    expect(page.meta("og:image")).toEqual([]);
    expect(page.meta("twitter:card")).toEqual(["summary"]);
  });

  it("speaks Russian when the user-language cookie says so, with the categories' Russian names", async () => {
    const page = await headOf(`/product/${product.id}`, "ru");
    const [data] = page.structuredData as Array<{ category: string }>;

    expect(page.lang).toBe("ru");
    expect(page.meta("og:locale")).toEqual(["ru_RU"]);
    expect(page.meta("description")).toEqual([
      `${formatPrice(1500)} · Аккаунты. Every hero unlocked, the e-mail is yours.`,
    ]);
    expect(data!.category).toBe("Аккаунты");
    // Any other value is English, as for a visitor without the cookie.
    expect((await headOf(`/product/${product.id}`, "de")).lang).toBe("en");
  });

  it("escapes what sellers write: a title with </script>, quotes and tags stays text, and the JSON-LD stays JSON", async () => {
    const title = `Skin </script><script>alert("x")</script> 'quoted' & <b>bold</b>`;
    const description = `"Rare" </title><meta name="robots" content="noindex"> & more`;
    const hostile = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: accounts.id,
      title,
      description,
    });

    const response = await open(`/product/${hostile.id}`);
    const page = parsePage(response.body);

    expect(page.titles).toEqual([`${title} — ${formatPrice(100)} — Lootlane`]);
    expect(page.meta("description")).toEqual([`${formatPrice(100)} · Accounts. ${description}`]);
    expect(page.meta("robots")).toEqual([]);
    expect(page.scriptSources).toEqual([webFixture.assetPath]);
    const [data] = page.structuredData as Array<{ name: string; description: string }>;
    expect([data!.name, data!.description]).toEqual([title, description]);
    expect(page.structuredData).toHaveLength(1);
  });
});

describe("game and subcategory pages' heads", () => {
  it("name the game in the visitor's language, with its description and picture", async () => {
    const english = await headOf(`/games/${game.slug}`);
    const russian = await headOf(`/games/${game.slug}`, "ru");

    expect(english.titles).toEqual(["Heads Quest: accounts, keys and items — Lootlane"]);
    expect(english.meta("description")).toEqual(["A game of heads and tails"]);
    expect(english.canonical).toEqual([`${ORIGIN}/games/${game.slug}`]);
    expect(english.meta("og:image")).toEqual([`${ORIGIN}/media/seed/games/heads-quest.png`]);
    expect(english.meta("og:type")).toEqual(["website"]);
    expect(russian.titles).toEqual(["Хедс Квест: аккаунты, ключи и предметы — Lootlane"]);
    expect(russian.meta("description")).toEqual(["Игра об орлах и решках"]);
    expect(russian.canonical).toEqual([`${ORIGIN}/games/${game.slug}`]);
  });

  it("name the kind of goods and its game; without a description of its own, one is written for it", async () => {
    const url = `/games/${game.slug}/${accounts.slug}`;
    const english = await headOf(url);
    const russian = await headOf(url, "ru");

    expect(english.titles).toEqual(["Accounts — Heads Quest — Lootlane"]);
    expect(english.meta("description")).toEqual([
      "Accounts for Heads Quest from sellers on Lootlane: a safe deal and a chat with the seller.",
    ]);
    expect(english.canonical).toEqual([`${ORIGIN}${url}`]);
    // The kind has no picture: the game's stands for it.
    expect(english.meta("og:image")).toEqual([`${ORIGIN}/media/seed/games/heads-quest.png`]);
    expect(russian.titles).toEqual(["Аккаунты — Хедс Квест — Lootlane"]);
    expect(russian.meta("description")).toEqual([
      "Аккаунты — Хедс Квест — от продавцов Lootlane: безопасная сделка и чат с продавцом.",
    ]);
  });
});

describe("a profile's head", () => {
  let member: User;
  beforeAll(async () => {
    member = (await person()).user;
  });

  it("tells the seller's record in words, in both languages, with their avatar", async () => {
    const { user } = seller;
    const english = await headOf(`/profile/${user.username.toUpperCase()}`);
    const russian = await headOf(`/profile/${user.username}`, "ru");

    expect(english.titles).toEqual([`${user.username} — seller on Lootlane`]);
    expect(english.meta("description")).toEqual([
      `${user.username} on Lootlane: 2 completed deals, rated 4.5 of 5 in 2 reviews.`,
    ]);
    // One address per profile, however the name was typed.
    expect(english.canonical).toEqual([`${ORIGIN}/profile/${user.username}`]);
    expect(english.meta("og:type")).toEqual(["profile"]);
    expect(english.meta("profile:username")).toEqual([user.username]);
    expect(russian.titles).toEqual([`${user.username} — продавец на Lootlane`]);
    expect(russian.meta("description")).toEqual([
      `${user.username} на Lootlane: 2 завершённые сделки, рейтинг 4,5 из 5 по 2 отзывам.`,
    ]);
  });

  it("shows the avatar when there is one, and the member's own words after the record", async () => {
    const withAvatar = await person();
    await t.database.db
      .update(users)
      .set({ avatarUrl: "/media/avatars/face.png", description: "Trading since 2015." })
      .where(eq(users.id, withAvatar.user.id));

    const page = await headOf(`/profile/${withAvatar.user.username}`, "ru");
    const plain = await headOf(`/profile/${member.username}`);

    expect(page.meta("og:image")).toEqual([`${ORIGIN}/media/avatars/face.png`]);
    expect(page.meta("twitter:card")).toEqual(["summary_large_image"]);
    expect(page.meta("description")).toEqual([
      `${withAvatar.user.username} на Lootlane: 0 завершённых сделок. Trading since 2015.`,
    ]);
    expect(plain.meta("og:image")).toEqual([]);
    expect(plain.meta("description")).toEqual([`${member.username} on Lootlane: 0 completed deals.`]);
  });
});

describe("the home page's head", () => {
  it("describes the site, with its canonical address, in both languages", async () => {
    const english = await headOf("/");
    const russian = await headOf("/?sort=price_asc", "ru");

    expect(english.titles).toEqual(["Lootlane — a marketplace for digital game goods"]);
    expect(english.canonical).toEqual([`${ORIGIN}/`]);
    expect(english.meta("og:url")).toEqual([`${ORIGIN}/`]);
    expect(russian.titles).toEqual(["Lootlane — маркетплейс цифровых игровых товаров"]);
    expect(russian.meta("description")).toEqual([
      "Lootlane — маркетплейс цифровых игровых товаров: аккаунты, ключи и предметы, безопасная сделка и чат с продавцом.",
    ]);
    // The filters in the address are one page for search engines.
    expect(russian.canonical).toEqual([`${ORIGIN}/`]);
  });

  it("builds absolute links on the address the request came to when PUBLIC_URL is not set", async () => {
    const response = await open(`/product/${product.id}`, undefined, { host: "shop.example:8080" });
    expect(parsePage(response.body).canonical).toEqual([`http://shop.example:8080/product/${product.id}`]);
  });
});

describe("the head cache", () => {
  it("shows a new price at once, and answers 304 to a browser whose copy is current", async () => {
    const listed = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: accounts.id,
      title: "Gold pack",
    });
    const url = `/product/${listed.id}`;
    const first = await open(url);
    expect(parsePage(first.body).titles).toEqual([`Gold pack — ${formatPrice(100)} — Lootlane`]);
    const unchanged = await open(url, undefined, { "if-none-match": String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);

    const edited = await sendForm(
      t,
      seller.client,
      "PATCH",
      "/v1/products/",
      textParts({ product_id: listed.id, price: 1999 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);

    const after = await open(url, undefined, { "if-none-match": String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    const page = parsePage(after.body);
    expect(page.titles).toEqual([`Gold pack — ${formatPrice(1999)} — Lootlane`]);
    expect((page.structuredData as Array<{ offers: { price: string } }>)[0]!.offers.price).toBe("1999");
  });

  it("answers 404 at once when the seller deletes the product", async () => {
    const listed = await createTestProduct(t, { sellerId: seller.user.id, categoryId: accounts.id, imageCount: 0 });
    expect((await open(`/product/${listed.id}`)).statusCode).toBe(200);

    const deleted = await seller.client.request("DELETE", `/v1/products/?product_id=${listed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await open(`/product/${listed.id}`)).statusCode).toBe(404);
  });
});

describe("with the real web build's index.html", () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await createTestApp({ publicUrl: "https://market.example" });
    await writeFile(path.join(built.config.webDistDir, "index.html"), await readFile(realIndexHtml, "utf8"));
  });
  afterAll(() => built.close());

  it("replaces its title and description instead of adding a second of each, and sets the language", async () => {
    const response = await built.app.inject({ method: "GET", url: "/", headers: { cookie: "user-language=ru" } });
    const page = parsePage(response.body);

    expect(page.lang).toBe("ru");
    expect(page.titles).toEqual(["Lootlane — маркетплейс цифровых игровых товаров"]);
    expect(page.meta("description")).toHaveLength(1);
    expect(page.meta("theme-color")).toEqual(["#4c6ef5"]);
    expect(page.hasAppRoot).toBe(true);
    expect(response.body).toContain('data-mantine-color-scheme="light"');
  });

  it("builds canonical links and pictures on PUBLIC_URL, whatever address the request came to", async () => {
    const db = built.database.db;
    const owner = await createTestProduct(built, {
      sellerId: (await testPeople("heads_built", () => built).person()).user.id,
      categoryId: (await createTestGame(db)).id,
    });
    const response = await built.app.inject({
      method: "GET",
      url: `/product/${owner.id}`,
      headers: { host: "10.0.0.7" },
    });
    const page = parsePage(response.body);

    expect(page.canonical).toEqual([`https://market.example/product/${owner.id}`]);
    expect(page.meta("og:image")).toEqual([`https://market.example/media/seed/products/${owner.id.slice(0, 8)}0.png`]);
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a price changed through instance A shows in the head instance B has cached", () =>
    withTwoInstances(async (a, b) => {
      const owner = await testPeople("heads_two", () => a).person();
      const listed = await createTestProduct(a, {
        sellerId: owner.user.id,
        categoryId: (await createTestGame(a.database.db)).id,
        title: "Shared pack",
      });
      const titleOnB = async () =>
        parsePage((await b.inject({ method: "GET", url: `/product/${listed.id}` })).body).titles[0];
      expect(await titleOnB()).toBe(`Shared pack — ${formatPrice(100)} — Lootlane`);

      const edited = await sendForm(
        a,
        owner.client,
        "PATCH",
        "/v1/products/",
        textParts({ product_id: listed.id, price: 250 }),
      );
      expect(edited.statusCode, edited.body).toBe(200);

      // The message crosses Redis asynchronously: B shows the new price once it has arrived, well before its TTL.
      await expect.poll(titleOnB, { timeout: 5000, interval: 50 }).toBe(`Shared pack — ${formatPrice(250)} — Lootlane`);
    }));
});

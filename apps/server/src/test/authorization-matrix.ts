import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { CATEGORY_IMAGE_FIELD, PRODUCT_IMAGES_FIELD, type ApiScope } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { productUnits, type Category, type Product, type ProductStatus } from "../db/schema/catalog.js";
import { reviews } from "../db/schema/deals.js";
import { reports } from "../db/schema/reports.js";
import { sessions, type User } from "../db/schema/users.js";
import { testPayments, topUps } from "../db/schema/wallet.js";
import { webhookDeliveries, webhookEndpoints } from "../db/schema/webhooks.js";
import { createTestApp, type TestApp } from "./test-app.js";
import {
  createTestGame,
  createTestProduct,
  createTestSubcategory,
  imagePart,
  sendForm,
  textParts,
  type TestProductValues,
} from "./test-catalog.js";
import { TestClient } from "./test-client.js";
import { createTestDeal, type TestDeal } from "./test-deals.js";
import { testImages } from "./test-images.js";
import type { FormPart } from "./multipart.js";
import { createTestUser, TEST_PASSWORD } from "./test-users.js";
import { creditTestTopUp, requestTestWithdrawal } from "./test-wallet-postings.js";
import { unsubscribeKeyFor, unsubscribeToken } from "../modules/notifications/notifications-unsubscribe.service.js";
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from "../platform/auth/auth-cookies.js";
import { createApiToken } from "../platform/auth/api-tokens.js";
import { startSession } from "../platform/auth/sessions.js";
import { systemClock } from "../platform/time/clock.js";

/*
 * Issue 9: who may call each route of the OpenAPI document (SPEC.md §6), as one table over one test app, checked for
 * sessions in authorization-matrix.test.ts and for personal access tokens in authorization-matrix-tokens.test.ts.
 * Each call gets a session of its own, so a call that ends sessions or changes a resource never changes what the
 * next call sees.
 */

export const actors = ["guest", "user", "other", "banned", "admin"] as const;
export type Actor = (typeof actors)[number];
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A status, or an error answer's status and code. */
export type Outcome = number | readonly [status: number, code: string];

type Call = { url: string; body?: object; form?: FormPart[] };
type Row = { call: () => Promise<Call> | Call; expected: Record<Actor, Outcome> };

const OK = 200;
const NO_TOKEN = [401, "TOKEN_NOT_FOUND"] as const;
// The guard reads the ban flag on every request, so a session opened before the ban stops at once.
const BANNED = [403, "USER_IS_BANNED"] as const;
const FORBIDDEN = [403, "INSUFFICIENT_PERMISSIONS"] as const;
// Chat ids reveal nothing to non-members (chats.access.ts).
const NO_CHAT = [404, "CHAT_NOT_FOUND"] as const;
// Public calls with a code nobody was sent: they reach the code check whoever calls.
const WRONG_CODE = [400, "WRONG_VERIFICATION_CODE"] as const;
const NO_WITHDRAWAL = [404, "WITHDRAWAL_NOT_FOUND"] as const;
// Past the guard, the deal (completed) refuses the move: the guard is not what stops it.
const NOT_NOW = [409, "INVALID_DEAL_STATUS"] as const;
// A listing's units are never public: to anyone but its seller and admins its stock does not exist.
const NO_PRODUCT = [404, "PRODUCT_NOT_FOUND"] as const;
// Another user's top-up is not theirs to know of, admins included (they see money in the dashboard and the ledger).
const NO_TOP_UP = [404, "TOP_UP_NOT_FOUND"] as const;
// Another user's sign-in is not theirs to end or to know of (auth-sign-ins.service.ts).
const NO_SESSION = [404, "SESSION_NOT_FOUND"] as const;
const NO_API_TOKEN = [404, "API_TOKEN_NOT_FOUND"] as const;
const NO_WEBHOOK = [404, "WEBHOOK_NOT_FOUND"] as const;
const NO_DELIVERY = [404, "WEBHOOK_DELIVERY_NOT_FOUND"] as const;

/** Public: guests and banned users (served as guests) included. */
const open = (call: Row["call"], outcome: Outcome = OK): Row => ({
  call,
  expected: { guest: outcome, user: outcome, other: outcome, banned: outcome, admin: outcome },
});
/** requireUser: `user` owns the resource in the call; `other` and `admin` default to what `user` gets. */
const signedIn = (
  call: Row["call"],
  { user, other = user, admin = user }: { user: Outcome; other?: Outcome; admin?: Outcome },
): Row => ({
  call,
  expected: { guest: NO_TOKEN, user, other, banned: BANNED, admin },
});
/** requireAdmin. */
const adminOnly = (call: Row["call"], admin: Outcome = OK): Row => ({
  call,
  expected: { guest: NO_TOKEN, user: FORBIDDEN, other: FORBIDDEN, banned: BANNED, admin },
});

/** The table and what its rows need: a test app with the actors, a seller, a listing of each and a completed purchase. */
export function authorizationMatrix() {
  let t: TestApp;
  let people: Record<Exclude<Actor, "guest">, User>;
  /** A third party: sells what `user` buys and chats about, and signs in through the login row. */
  let seller: User;
  let game: Category;
  let subcategory: Category;
  let ownProduct: Product;
  let sellerProduct: Product;
  /** `user` bought from `seller`: the deal is completed, the chat is theirs. */
  let purchase: TestDeal;

  const unique = () => randomUUID().slice(0, 8);
  const freshUser = () => createTestUser(t.database.db, { username: `am_${unique()}` });
  const productOf = (sellerId: string, status: ProductStatus = "active", values: Partial<TestProductValues> = {}) =>
    createTestProduct(t, { sellerId, categoryId: subcategory.id, status, ...values });
  /** A withdrawal of `user` still waiting, fresh for each call that decides or cancels one. */
  async function pendingWithdrawal() {
    await creditTestTopUp(t.database.db, people.user.id, 101_00);
    return requestTestWithdrawal(t.database.db, people.user.id, { amountKopecks: 100_00, feeKopecks: 1_00 });
  }
  /** A sign-in of `user` of its own, for the call that signs one device out. */
  async function spareSignInOfUser(): Promise<string> {
    const { sessionId } = await startSession(
      t.database.db,
      { userId: people.user.id, client: { ip: "10.0.0.1", userAgent: "authorization-matrix" } },
      { jwtSecret: t.config.jwtSecret, now: new Date() },
    );
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    return session!.familyId;
  }
  /** A payment of the built-in test checkout (the default provider) that belongs to no top-up. */
  const testPayment = async () => {
    const key = randomUUID();
    const [payment] = await t.database.db
      .insert(testPayments)
      .values({
        amountKopecks: 10_00,
        description: "Matrix",
        returnUrl: "http://localhost/wallet",
        metadata: {},
        idempotenceKey: key,
      })
      .returning();
    return payment!.id;
  };
  /** The link of `user`'s sale e-mails, as their e-mails carry it. */
  const unsubscribeUrl = () =>
    `/v1/notifications/unsubscribe?token=${unsubscribeToken(unsubscribeKeyFor(t.config.jwtSecret), people.user.id, "sale")}`;

  /** A browser's push subscription with an endpoint of its own, as PushSubscription.toJSON() gives it. */
  function pushSubscription() {
    const browser = createECDH("prime256v1");
    browser.generateKeys();
    return {
      endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
      keys: { p256dh: browser.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    };
  }
  const productFields = {
    title: "Matrix product title",
    description: "Matrix product description",
    price: 10,
    product_data: "login: matrix / password: matrix",
  };

  /** An endpoint of the user's, written straight in the table: the users of the matrix call many times over the cap. */
  async function webhookOf(userId: string) {
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ userId, url: "https://127.0.0.1:9/hooks", events: ["order.created"], secretEncrypted: "unused" })
      .returning();
    return endpoint!;
  }

  async function tokenOf(userId: string, scopes: ApiScope[]) {
    const { row, token } = await createApiToken(t.database.db, systemClock, userId, {
      name: `matrix ${scopes.join(" ")}`,
      scopes,
      expires_in_days: 1,
    });
    return { id: row.id, token };
  }

  const matrix: Record<string, Row> = {
    "GET /v1/health": open(() => ({ url: "/v1/health" })),

    "POST /v1/auth/": signedIn(() => ({ url: "/v1/auth/" }), { user: OK }),
    "POST /v1/auth/login": open(() => ({
      url: "/v1/auth/login",
      body: { email: seller.email, password: TEST_PASSWORD },
    })),
    "POST /v1/auth/login-code": open(() => ({
      url: "/v1/auth/login-code",
      body: { email: `nobody_${unique()}@example.com`, password: TEST_PASSWORD },
    })),
    "POST /v1/auth/send-verification-code": open(
      () => ({ url: "/v1/auth/send-verification-code", body: { email: seller.email, username: `am_${unique()}` } }),
      [409, "EMAIL_ALREADY_EXISTS"],
    ),
    "POST /v1/auth/confirm-verification-code": open(
      () => ({
        url: "/v1/auth/confirm-verification-code",
        body: {
          email: `am_${unique()}@example.com`,
          username: `am_${unique()}`,
          password: TEST_PASSWORD,
          email_code: "000000",
        },
      }),
      WRONG_CODE,
    ),
    "POST /v1/auth/password-reset-code": open(() => ({
      url: "/v1/auth/password-reset-code",
      body: { email: `nobody_${unique()}@example.com` },
    })),
    "POST /v1/auth/confirm-password-reset-code": open(
      () => ({
        url: "/v1/auth/confirm-password-reset-code",
        body: { email: `nobody_${unique()}@example.com`, code: "000000" },
      }),
      WRONG_CODE,
    ),
    "POST /v1/auth/set-new-password": open(
      () => ({
        url: "/v1/auth/set-new-password",
        body: { email: `nobody_${unique()}@example.com`, code: "000000", new_password: TEST_PASSWORD },
      }),
      WRONG_CODE,
    ),
    // No guard: the refresh cookie is the credential, and a banned user's is refused.
    "POST /v1/auth/update-tokens": signedIn(() => ({ url: "/v1/auth/update-tokens" }), { user: OK }),
    // Signing out needs no session: a guest's answer is the same.
    "POST /v1/auth/logout": open(() => ({ url: "/v1/auth/logout" })),
    "POST /v1/auth/logout-all": signedIn(() => ({ url: "/v1/auth/logout-all" }), { user: OK }),
    "GET /v1/auth/get-my-user-id": signedIn(() => ({ url: "/v1/auth/get-my-user-id" }), { user: OK }),
    "GET /v1/auth/sessions": signedIn(() => ({ url: "/v1/auth/sessions" }), { user: OK }),
    // Only its owner signs a device out; to anyone else, admins included, the sign-in does not exist.
    "DELETE /v1/auth/sessions/{id}": signedIn(async () => ({ url: `/v1/auth/sessions/${await spareSignInOfUser()}` }), {
      user: 204,
      other: NO_SESSION,
      admin: NO_SESSION,
    }),
    "POST /v1/auth/email-change-code": signedIn(
      () => ({
        url: "/v1/auth/email-change-code",
        body: { new_email: `am_${unique()}@example.com`, password: "Wrong#pass1" },
      }),
      { user: [400, "WRONG_PASSWORD"] },
    ),
    "POST /v1/auth/change-email": signedIn(
      () => ({ url: "/v1/auth/change-email", body: { new_email: `am_${unique()}@example.com`, code: "000000" } }),
      { user: WRONG_CODE },
    ),
    "POST /v1/auth/delete-account": signedIn(
      () => ({ url: "/v1/auth/delete-account", body: { password: "Wrong#pass1" } }),
      { user: [400, "WRONG_PASSWORD"] },
    ),
    "GET /v1/users/me/export": signedIn(() => ({ url: "/v1/users/me/export" }), { user: OK }),
    // Two-factor sign-in, in this order: nobody has set it up when enable runs, the test admin has it on.
    "POST /v1/auth/2fa/disable": signedIn(
      () => ({ url: "/v1/auth/2fa/disable", body: { password: "Wrong#pass1", totp_code: "000000" } }),
      { user: [409, "TWO_FACTOR_NOT_ENABLED"], admin: [403, "ADMIN_CANNOT_DISABLE_TWO_FACTOR"] },
    ),
    "POST /v1/auth/2fa/enable": signedIn(() => ({ url: "/v1/auth/2fa/enable", body: { code: "000000" } }), {
      user: [409, "TWO_FACTOR_NOT_SET_UP"],
      admin: [409, "TWO_FACTOR_ALREADY_ENABLED"],
    }),
    "POST /v1/auth/2fa/setup": signedIn(() => ({ url: "/v1/auth/2fa/setup" }), {
      user: OK,
      admin: [409, "TWO_FACTOR_ALREADY_ENABLED"],
    }),
    "POST /v1/users/password": signedIn(
      () => ({ url: "/v1/users/password", body: { current_password: "Wrong#pass1", new_password: "Another#pass2" } }),
      { user: [400, "WRONG_PASSWORD"] },
    ),

    "GET /v1/users/{username}": open(() => ({ url: `/v1/users/${people.user.username}` })),
    "POST /v1/users/description": signedIn(
      () => ({ url: "/v1/users/description", body: { description: "Matrix description" } }),
      { user: OK },
    ),
    "PUT /v1/users/language": signedIn(() => ({ url: "/v1/users/language", body: { language: "ru" } }), {
      user: 204,
    }),
    "PATCH /v1/users/avatar": signedIn(
      async () => ({ url: "/v1/users/avatar", form: [imagePart("file", await testImages.png())] }),
      { user: OK },
    ),
    "GET /v1/users/{id}/purchases": signedIn(() => ({ url: `/v1/users/${people.user.id}/purchases` }), {
      user: OK,
      other: FORBIDDEN,
    }),
    "GET /v1/users/{id}/sales": signedIn(() => ({ url: `/v1/users/${people.user.id}/sales` }), {
      user: OK,
      other: FORBIDDEN,
    }),

    // Only the buyer of the deal reviews it, only its seller replies: admins neither.
    "POST /v1/reviews/": signedIn(
      async () => {
        const { deal } = await createTestDeal(t, {
          sellerId: seller.id,
          buyerId: people.user.id,
          categoryId: subcategory.id,
        });
        return { url: "/v1/reviews/", body: { deal_id: deal.id, stars: 5, text: "Fast and honest" } };
      },
      { user: OK, other: FORBIDDEN, admin: FORBIDDEN },
    ),
    "POST /v1/reviews/{id}/reply": signedIn(
      async () => {
        const { deal } = await createTestDeal(t, {
          sellerId: people.user.id,
          buyerId: seller.id,
          categoryId: subcategory.id,
        });
        const [review] = await t.database.db
          .insert(reviews)
          .values({ dealId: deal.id, authorId: seller.id, sellerId: people.user.id, stars: 4, text: "Fine" })
          .returning();
        return { url: `/v1/reviews/${review!.id}/reply`, body: { reply: "Thank you" } };
      },
      { user: OK, other: FORBIDDEN, admin: FORBIDDEN },
    ),
    "GET /v1/users/{username}/reviews": open(() => ({ url: `/v1/users/${seller.username}/reviews` })),

    "GET /v1/categories/all": open(() => ({ url: "/v1/categories/all" })),
    "GET /v1/categories/game/{gameId}": open(() => ({ url: `/v1/categories/game/${game.id}` })),
    "GET /v1/categories/subcategories/{id}": open(() => ({ url: `/v1/categories/subcategories/${game.id}` })),
    "POST /v1/admin/category": adminOnly(async () => ({
      url: "/v1/admin/category",
      form: [
        ...textParts({ name: `Game ${unique()}`, description: "Made by the matrix" }),
        imagePart(CATEGORY_IMAGE_FIELD, await testImages.png()),
      ],
    })),
    "PATCH /v1/admin/category/{id}": adminOnly(() => ({
      url: `/v1/admin/category/${subcategory.id}`,
      body: { guarantee_days: 14 },
    })),
    "PUT /v1/admin/category/{id}/image": adminOnly(async () => ({
      url: `/v1/admin/category/${subcategory.id}/image`,
      form: [imagePart(CATEGORY_IMAGE_FIELD, await testImages.png())],
    })),
    "GET /v1/admin/categories": adminOnly(() => ({ url: "/v1/admin/categories" })),
    "POST /v1/admin/categories/reorder": adminOnly(() => ({
      url: "/v1/admin/categories/reorder",
      body: { parent_id: game.id, ids: [subcategory.id] },
    })),
    "DELETE /v1/admin/category/{id}": adminOnly(
      async () => ({ url: `/v1/admin/category/${(await createTestGame(t.database.db)).id}` }),
      204,
    ),
    "GET /v1/games/{gameSlug}": open(() => ({ url: `/v1/games/${game.slug}` })),

    "GET /v1/products/get/all": open(() => ({ url: "/v1/products/get/all" })),
    "GET /v1/products/search": open(() => ({ url: "/v1/products/search?q=matrix" })),
    "GET /v1/products/category/{id}": open(() => ({ url: `/v1/products/category/${subcategory.id}` })),
    "GET /v1/products/user/{userId}": open(() => ({ url: `/v1/products/user/${people.user.id}` })),
    "GET /v1/products/user/by-username/{username}": open(() => ({
      url: `/v1/products/user/by-username/${people.user.username}`,
    })),
    "GET /v1/products/{id}": open(() => ({ url: `/v1/products/${ownProduct.id}` })),
    "GET /v1/products/{gameSlug}/{subcategorySlug}": open(() => ({
      url: `/v1/products/${game.slug}/${subcategory.slug}`,
    })),

    "POST /v1/products/": signedIn(
      async () => ({
        url: "/v1/products/",
        form: [
          ...textParts({ ...productFields, category_id: subcategory.id }),
          imagePart(PRODUCT_IMAGES_FIELD, await testImages.png()),
        ],
      }),
      { user: OK },
    ),
    // SPEC.md §6: editing, deleting and adding images are the owner's alone, admins included.
    "PATCH /v1/products/": signedIn(
      async () => ({
        url: "/v1/products/",
        form: textParts({ product_id: (await productOf(people.user.id)).id, title: "Renamed matrix title" }),
      }),
      {
        user: OK,
        other: FORBIDDEN,
        admin: FORBIDDEN,
      },
    ),
    "PATCH /v1/products/images": signedIn(
      async () => ({
        url: "/v1/products/images",
        form: [
          ...textParts({ product_id: (await productOf(people.user.id)).id }),
          imagePart(PRODUCT_IMAGES_FIELD, await testImages.png()),
        ],
      }),
      { user: OK, other: FORBIDDEN, admin: FORBIDDEN },
    ),
    "DELETE /v1/products/": signedIn(
      async () => ({ url: `/v1/products/?product_id=${(await productOf(people.user.id)).id}` }),
      {
        user: OK,
        other: FORBIDDEN,
        admin: FORBIDDEN,
      },
    ),
    // The seller's stock: admins read it (they moderate) but only the seller changes it.
    "GET /v1/products/{id}/stock": signedIn(
      async () => ({ url: `/v1/products/${(await productOf(people.user.id)).id}/stock` }),
      { user: OK, other: NO_PRODUCT, admin: OK },
    ),
    "POST /v1/products/{id}/stock": signedIn(
      async () => ({
        url: `/v1/products/${(await productOf(people.user.id)).id}/stock`,
        body: { stock_items: `KEY-${unique()}\nKEY-${unique()}` },
      }),
      { user: OK, other: NO_PRODUCT, admin: FORBIDDEN },
    ),
    "DELETE /v1/products/{id}/stock/{unitId}": signedIn(
      async () => {
        const product = await productOf(people.user.id);
        const [unit] = await t.database.db.select().from(productUnits).where(eq(productUnits.productId, product.id));
        return { url: `/v1/products/${product.id}/stock/${unit!.id}` };
      },
      { user: OK, other: NO_PRODUCT, admin: FORBIDDEN },
    ),

    "GET /v1/admin/products": adminOnly(() => ({ url: "/v1/admin/products" })),
    "POST /v1/admin/products/approve": adminOnly(async () => ({
      url: "/v1/admin/products/approve",
      body: { product_id: (await productOf(people.user.id, "moderation")).id },
    })),
    "POST /v1/products/approve": adminOnly(async () => ({
      url: "/v1/products/approve",
      body: { product_id: (await productOf(people.user.id, "moderation")).id },
    })),
    "POST /v1/admin/products/reject": adminOnly(async () => ({
      url: "/v1/admin/products/reject",
      body: { product_id: (await productOf(people.user.id, "moderation")).id },
    })),

    // Issue 19: pausing, resuming and relisting are the owner's alone, admins included (they take listings down instead).
    "POST /v1/products/{id}/pause": signedIn(
      async () => ({ url: `/v1/products/${(await productOf(people.user.id)).id}/pause` }),
      { user: OK, other: FORBIDDEN, admin: FORBIDDEN },
    ),
    // A paused listing does not exist for anyone but its seller and admins.
    "POST /v1/products/{id}/resume": signedIn(
      async () => ({ url: `/v1/products/${(await productOf(people.user.id, "paused")).id}/resume` }),
      { user: OK, other: [404, "PRODUCT_NOT_FOUND"], admin: FORBIDDEN },
    ),
    "POST /v1/products/{id}/relist": signedIn(
      async () => ({
        url: `/v1/products/${(await productOf(people.user.id, "completed", { delivery: "manual" })).id}/relist`,
        body: { quantity: 2 },
      }),
      { user: OK, other: FORBIDDEN, admin: FORBIDDEN },
    ),
    "POST /v1/admin/products/take-down": adminOnly(async () => ({
      url: "/v1/admin/products/take-down",
      body: { product_id: (await productOf(people.user.id)).id, reason: "Taken down by the matrix" },
    })),

    // Anyone signed in reports someone else's listing; a repeat answers the open report.
    "POST /v1/reports": signedIn(
      () => ({ url: "/v1/reports", body: { target: "product", product_id: sellerProduct.id, reason: "spam" } }),
      { user: OK },
    ),
    "GET /v1/admin/reports": adminOnly(() => ({ url: "/v1/admin/reports" })),
    "POST /v1/admin/reports/{id}/resolve": adminOnly(async () => {
      const [report] = await t.database.db
        .insert(reports)
        .values({ reporterId: seller.id, target: "user", userId: (await freshUser()).id, reason: "spam" })
        .returning();
      return { url: `/v1/admin/reports/${report!.id}/resolve`, body: { status: "dismissed" } };
    }),

    "GET /v1/chats/": signedIn(() => ({ url: "/v1/chats/" }), { user: OK }),
    // Issue 25: sending over REST is the socket's send_message, with its rules.
    "POST /v1/chats/{id}/messages": signedIn(
      () => ({ url: `/v1/chats/${purchase.chat.id}/messages`, body: { text: "Sent over REST by the matrix" } }),
      { user: OK, other: NO_CHAT, admin: [403, "CHAT_NO_OPEN_DISPUTE"] },
    ),
    // Only the deal's seller delivers, and only while the buyer has not confirmed.
    "POST /v1/deals/{id}/deliver": signedIn(
      async () => {
        const { deal } = await createTestDeal(t, {
          sellerId: people.user.id,
          buyerId: seller.id,
          categoryId: subcategory.id,
          status: "purchased",
        });
        return { url: `/v1/deals/${deal.id}/deliver`, body: { text: "login: matrix / password: delivered" } };
      },
      { user: OK, other: FORBIDDEN, admin: FORBIDDEN },
    ),
    "GET /v1/chats/{id}/messages": signedIn(() => ({ url: `/v1/chats/${purchase.chat.id}/messages` }), {
      user: OK,
      other: NO_CHAT,
    }),
    "POST /v1/chats/": signedIn(() => ({ url: "/v1/chats/", body: { product_id: sellerProduct.id } }), { user: OK }),
    // An admin writes in a chat not theirs only while a deal in it is disputed; this one is completed.
    "POST /v1/chats/{id}/attachments": signedIn(
      async () => ({
        url: `/v1/chats/${purchase.chat.id}/attachments`,
        form: [imagePart("image", await testImages.png())],
      }),
      { user: OK, other: NO_CHAT, admin: [403, "CHAT_NO_OPEN_DISPUTE"] },
    ),
    "GET /v1/products/get/chat/{chatId}": signedIn(() => ({ url: `/v1/products/get/chat/${purchase.chat.id}` }), {
      user: OK,
      other: NO_CHAT,
    }),

    // Nobody here has money: the guard lets every signed-in user through to the balance check.
    "POST /v1/products/buy": signedIn(() => ({ url: "/v1/products/buy", body: { product_id: sellerProduct.id } }), {
      user: [409, "NOT_ENOUGH_BALANCE"],
    }),
    // Confirming a completed deal again answers it and pays nothing; only its buyer may.
    "PATCH /v1/products/confirm-receipt": signedIn(
      () => ({ url: "/v1/products/confirm-receipt", body: { product_id: purchase.product.id } }),
      {
        user: OK,
        other: FORBIDDEN,
        admin: FORBIDDEN,
      },
    ),
    "POST /v1/deals/{id}/dispute": signedIn(
      () => ({
        url: `/v1/deals/${purchase.deal.id}/dispute`,
        body: { reason: "not_received", text: "Nothing arrived at all" },
      }),
      {
        user: NOT_NOW,
        other: FORBIDDEN,
        admin: FORBIDDEN,
      },
    ),

    // Each signed-in caller reads their own wallet; there is no one else's to ask for.
    "GET /v1/wallet": signedIn(() => ({ url: "/v1/wallet" }), { user: OK }),
    "GET /v1/wallet/statement": signedIn(() => ({ url: "/v1/wallet/statement" }), { user: OK }),
    // Past the guard, 1 ₽ is under PAYOUT_MIN for anyone: the guard is not what stops it.
    "POST /v1/wallet/withdrawals": signedIn(
      () => ({ url: "/v1/wallet/withdrawals", body: { amount: 1, method: "card", destination: "4242424242424242" } }),
      { user: [422, "VALIDATION_ERROR"] },
    ),
    "GET /v1/wallet/withdrawals": signedIn(() => ({ url: "/v1/wallet/withdrawals" }), { user: OK }),
    // Only its owner cancels a withdrawal; to anyone else, admins included, it does not exist.
    "DELETE /v1/wallet/withdrawals/{id}": signedIn(
      async () => ({ url: `/v1/wallet/withdrawals/${(await pendingWithdrawal()).id}` }),
      { user: OK, other: NO_WITHDRAWAL, admin: NO_WITHDRAWAL },
    ),
    "GET /v1/wallet/sbp-banks": signedIn(() => ({ url: "/v1/wallet/sbp-banks" }), { user: OK }),

    "GET /v1/notifications/push/key": open(() => ({ url: "/v1/notifications/push/key" })),
    "POST /v1/notifications/push/subscriptions": signedIn(
      () => ({ url: "/v1/notifications/push/subscriptions", body: pushSubscription() }),
      { user: OK },
    ),
    // Only the caller's own subscription of the endpoint is removed; anyone else's is left without a word.
    "DELETE /v1/notifications/push/subscriptions": signedIn(
      () => ({ url: "/v1/notifications/push/subscriptions", body: { endpoint: pushSubscription().endpoint } }),
      { user: OK },
    ),

    "GET /v1/admin/deals": adminOnly(() => ({ url: "/v1/admin/deals" })),
    "GET /v1/admin/chats/{id}/off-platform": adminOnly(() => ({
      url: `/v1/admin/chats/${purchase.chat.id}/off-platform`,
    })),
    "POST /v1/admin/deals/{id}/resolve": adminOnly(
      () => ({ url: `/v1/admin/deals/${purchase.deal.id}/resolve`, body: { resolution: "release" } }),
      NOT_NOW,
    ),
    "POST /v1/admin/balance-adjustment": adminOnly(() => ({
      url: "/v1/admin/balance-adjustment",
      body: { user_id: seller.id, amount: 1, memo: "matrix" },
    })),

    "GET /v1/admin/withdrawals": adminOnly(() => ({ url: "/v1/admin/withdrawals" })),
    // A withdrawal nobody made: past the guard the admin is told so (the destination call decrypts what it finds).
    "GET /v1/admin/withdrawals/{id}/destination": adminOnly(
      () => ({ url: `/v1/admin/withdrawals/${randomUUID()}/destination` }),
      NO_WITHDRAWAL,
    ),
    "POST /v1/admin/withdrawals/{id}/approve": adminOnly(async () => ({
      url: `/v1/admin/withdrawals/${(await pendingWithdrawal()).id}/approve`,
      body: { payout_reference: "matrix" },
    })),
    "POST /v1/admin/withdrawals/{id}/reject": adminOnly(async () => ({
      url: `/v1/admin/withdrawals/${(await pendingWithdrawal()).id}/reject`,
      body: { reason: "matrix" },
    })),

    // Issue 20: each signed-in caller reads and changes their own notifications; nobody's ids reach anyone else's rows.
    "GET /v1/notifications": signedIn(() => ({ url: "/v1/notifications" }), { user: OK }),
    "POST /v1/notifications/read": signedIn(() => ({ url: "/v1/notifications/read", body: { all: true } }), {
      user: OK,
    }),
    "GET /v1/notifications/unread-count": signedIn(() => ({ url: "/v1/notifications/unread-count" }), { user: OK }),
    "GET /v1/notifications/preferences": signedIn(() => ({ url: "/v1/notifications/preferences" }), { user: OK }),
    "PUT /v1/notifications/preferences": signedIn(
      () => ({
        url: "/v1/notifications/preferences",
        body: { preferences: [{ event: "sale", in_app: true, email: false, push: true }] },
      }),
      { user: OK },
    ),

    // Issue 25: each signed-in caller manages their own tokens; another's token does not exist for them.
    "GET /v1/tokens": signedIn(() => ({ url: "/v1/tokens" }), { user: OK }),
    "POST /v1/tokens": signedIn(
      () => ({ url: "/v1/tokens", body: { name: "Matrix bot", scopes: ["chats:read"], expires_in_days: 30 } }),
      { user: OK },
    ),
    "DELETE /v1/tokens/{id}": signedIn(
      async () => ({ url: `/v1/tokens/${(await tokenOf(people.user.id, ["chats:read"])).id}` }),
      { user: 204, other: NO_API_TOKEN, admin: NO_API_TOKEN },
    ),

    // Issue 25: webhooks are managed with the session only; another's endpoint does not exist for anyone else.
    "GET /v1/webhooks": signedIn(() => ({ url: "/v1/webhooks" }), { user: OK }),
    "POST /v1/webhooks": signedIn(
      () => ({ url: "/v1/webhooks", body: { url: "https://93.184.216.34/hooks", events: ["order.created"] } }),
      { user: OK },
    ),
    "DELETE /v1/webhooks/{id}": signedIn(
      async () => ({ url: `/v1/webhooks/${(await webhookOf(people.user.id)).id}` }),
      {
        user: 204,
        other: NO_WEBHOOK,
        admin: NO_WEBHOOK,
      },
    ),
    "GET /v1/webhooks/{id}/deliveries": signedIn(
      async () => ({ url: `/v1/webhooks/${(await webhookOf(people.user.id)).id}/deliveries` }),
      { user: OK, other: NO_WEBHOOK, admin: NO_WEBHOOK },
    ),
    // The endpoint's address is not a public one, so the try is refused before any connection and recorded.
    "POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend": signedIn(
      async () => {
        const endpoint = await webhookOf(people.user.id);
        const [delivery] = await t.database.db
          .insert(webhookDeliveries)
          .values({ endpointId: endpoint.id, sourceId: randomUUID(), event: "order.created", payload: "{}" })
          .returning();
        return { url: `/v1/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend` };
      },
      { user: OK, other: NO_DELIVERY, admin: NO_DELIVERY },
    ),

    "GET /v1/admin/dashboard-info": adminOnly(() => ({ url: "/v1/admin/dashboard-info" })),
    "GET /v1/admin/audit-log": adminOnly(() => ({ url: "/v1/admin/audit-log" })),
    "GET /v1/admin/users": adminOnly(() => ({ url: "/v1/admin/users" })),
    "GET /v1/admin/users/search": adminOnly(() => ({ url: "/v1/admin/users/search?q=am_" })),
    "GET /v1/admin/user/{id}": adminOnly(() => ({ url: `/v1/admin/user/${seller.id}` })),
    "PATCH /v1/admin/user/{id}": adminOnly(async () => ({
      url: `/v1/admin/user/${(await freshUser()).id}`,
      body: { description: "Edited by an admin" },
    })),
    "POST /v1/admin/ban-user": adminOnly(async () => ({
      url: "/v1/admin/ban-user",
      body: { id: (await freshUser()).id },
    })),
    "POST /v1/admin/unban-user": adminOnly(async () => ({
      url: "/v1/admin/unban-user",
      body: { user_id: (await freshUser()).id },
    })),

    "POST /v1/wallet/top-ups": signedIn(() => ({ url: "/v1/wallet/top-ups", body: { amount: 10 } }), { user: OK }),
    "GET /v1/wallet/top-ups/{id}": signedIn(
      async () => {
        const [topUp] = await t.database.db
          .insert(topUps)
          .values({ userId: people.user.id, amountKopecks: 10_00, provider: "test" })
          .returning();
        return { url: `/v1/wallet/top-ups/${topUp!.id}` };
      },
      { user: OK, other: NO_TOP_UP, admin: NO_TOP_UP },
    ),
    // The provider's side: ЮKassa has no session, and the test checkout's payment id is the payer's only key.
    "POST /v1/payments/yookassa/notifications": open(() => ({
      url: "/v1/payments/yookassa/notifications",
      body: { type: "notification", event: "refund.succeeded", object: { id: "matrix" } },
    })),
    "GET /v1/payments/test/{id}": open(async () => ({ url: `/v1/payments/test/${await testPayment()}` })),
    "POST /v1/payments/test/{id}/pay": open(async () => ({ url: `/v1/payments/test/${await testPayment()}/pay` })),
    "POST /v1/payments/test/{id}/decline": open(async () => ({
      url: `/v1/payments/test/${await testPayment()}/decline`,
    })),
    // An e-mail's unsubscribe link is its own key: whoever holds it reads or turns off that one event's e-mails.
    "GET /v1/notifications/unsubscribe": open(() => ({ url: unsubscribeUrl() })),
    "POST /v1/notifications/unsubscribe": open(() => ({ url: unsubscribeUrl() })),
  };

  async function setUp(): Promise<void> {
    t = await createTestApp();
    const { db } = t.database;
    people = {
      user: await createTestUser(db, { username: `am_user_${unique()}` }),
      other: await createTestUser(db, { username: `am_other_${unique()}` }),
      banned: await createTestUser(db, { username: `am_banned_${unique()}`, isBanned: true }),
      admin: await createTestUser(db, { username: `am_admin_${unique()}`, role: "admin" }),
    };
    seller = await createTestUser(db, { username: `am_seller_${unique()}` });
    game = await createTestGame(db);
    subcategory = await createTestSubcategory(db, game);
    ownProduct = await productOf(people.user.id);
    sellerProduct = await productOf(seller.id);
    purchase = await createTestDeal(t, { sellerId: seller.id, buyerId: people.user.id, categoryId: subcategory.id });
  }

  /**
   * A browser of the actor with a session of its own, opened straight in the database (no sign-in, so no
   * password hashing or sign-in rate limit): the banned user's session exists although they could not sign in now.
   */
  async function browserOf(actor: Actor): Promise<TestClient> {
    const client = new TestClient(t.app);
    if (actor === "guest") return client;
    const tokens = await startSession(
      t.database.db,
      { userId: people[actor].id, client: { ip: client.ip, userAgent: "authorization-matrix" } },
      { jwtSecret: t.config.jwtSecret, now: new Date() },
    );
    client.setCookie(ACCESS_COOKIE, tokens.accessToken);
    client.setCookie(REFRESH_COOKIE, tokens.refreshToken, REFRESH_COOKIE_PATH);
    return client;
  }

  async function send(actor: Actor, method: Method, call: Call): Promise<LightMyRequestResponse> {
    return sendAs(await browserOf(actor), method, call);
  }

  async function sendAs(client: TestClient, method: Method, call: Call): Promise<LightMyRequestResponse> {
    if (!call.form) return client.request(method, call.url, call.body);
    if (method !== "POST" && method !== "PATCH" && method !== "PUT")
      throw new Error(`a ${method} request carries no form`);
    return sendForm(t, client, method, call.url, call.form);
  }

  return {
    matrix,
    setUp,
    close: () => t.close(),
    app: () => t,
    user: () => people.user,
    tokenOf,
    send,
    sendAs,
  };
}

/** The answer in the terms of the expectation it is compared with: the status alone, or with the error code. */
export function outcomeOf(response: LightMyRequestResponse, expected: Outcome): Outcome {
  return typeof expected === "number" ? response.statusCode : [response.statusCode, errorCodeOf(response)];
}

export function errorCodeOf(response: LightMyRequestResponse): string {
  try {
    return (response.json() as { detail?: { error_code?: string } }).detail?.error_code ?? response.body;
  } catch {
    return response.body;
  }
}

import type { User as ApiUser } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.js";
import type { Category, Product } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import {
  listenOnFreePort,
  nextEvent,
  pause,
  QUIET_MS,
  recordEvents,
  refusedConnection,
} from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";
import { failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { signInAs } from "../../test/test-users.js";

let t: TestApp;
let url: string;
let game: Category;
let admin: Person;
const { person, connect, closeSockets } = testPeople("ban", () => t);

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A seller with two products on sale (titled with a word of their own), one in moderation and one sold. */
async function sellerWithProducts() {
  const seller = await person();
  // Random letters, so no other seller's titles come near it even with the search's typo tolerance.
  const word = crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .padEnd(10, "x");
  const onSale = [];
  for (let index = 0; index < 2; index++)
    onSale.push(
      await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, title: `${word} account ${index}` }),
    );
  const pending = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status: "moderation" });
  const sold = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status: "completed" });
  return { seller, word, onSale, pending, sold };
}

const guest = () => new TestClient(t.app);
const listedIds = async () =>
  ((await guest().get("/v1/products/get/all?per_page=100")).json().products as Array<{ id: string }>).map(
    (product) => product.id,
  );
const foundIds = async (q: string) =>
  ((await guest().get(`/v1/products/search?q=${q}`)).json().products as Array<{ id: string }>).map(
    (product) => product.id,
  );
const statusFor = async (client: TestClient, product: Product) => {
  const response = await client.get(`/v1/products/${product.id}`);
  return response.statusCode === 200 ? (response.json() as { status: string }).status : response.statusCode;
};
const ban = (id: string, by = admin) => by.client.post("/v1/admin/ban-user", { id });
const unban = (id: string, by = admin) => by.client.post("/v1/admin/unban-user", { user_id: id });
const auditOf = (targetId: string) =>
  t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

describe("POST /v1/admin/ban-user", () => {
  it("bans the user: their cookie and socket stop working and their products on sale vanish for others", async () => {
    const { seller, word, onSale, pending, sold } = await sellerWithProducts();
    const bystander = await person();
    expect(await listedIds()).toEqual(expect.arrayContaining(onSale.map((product) => product.id)));
    expect((await foundIds(word)).sort()).toEqual(onSale.map((product) => product.id).sort());
    const socket = await connect(seller);
    const told = nextEvent(socket, "session_expired");
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const response = await ban(seller.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: seller.user.id, is_banned: true, role: "user" });

    expect(await told).toMatchObject({ error_code: "USER_IS_BANNED" });
    expect(await closed).toBe("io server disconnect");
    expect(failure(await seller.client.get("/v1/chats/"))).toEqual([401, "TOKEN_IS_REVOKED"]);
    expect((await refusedConnection(url, seller.client)).message).toBe("TOKEN_IS_REVOKED");
    expect((await seller.client.post("/v1/auth/update-tokens")).statusCode).toBe(401);
    expect(
      failure(await new TestClient(t.app).post("/v1/auth/login", { email: seller.user.email, password: "Test#pass1" })),
    ).toEqual([403, "USER_IS_BANNED"]);

    const listed = await listedIds();
    for (const product of onSale) expect(listed).not.toContain(product.id);
    expect(await foundIds(word)).toEqual([]);
    for (const product of onSale) {
      expect(await statusFor(guest(), product)).toBe(404);
      expect(await statusFor(bystander.client, product)).toBe(404);
      expect(await statusFor(admin.client, product)).toBe("suspended");
    }
    // Only products on sale are suspended: the moderation queue and the sales history stay as they were.
    expect([await statusFor(admin.client, pending), await statusFor(admin.client, sold)]).toEqual([
      "moderation",
      "completed",
    ]);

    const [audit] = await auditOf(seller.user.id);
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      action: "user.ban",
      targetType: "user",
      before: { is_banned: false },
    });
    expect((audit!.after as { suspended_products: string[] }).suspended_products.sort()).toEqual(
      onSale.map((product) => product.id).sort(),
    );
  });

  it("is idempotent: banning a banned user answers 200 and changes nothing more", async () => {
    const { seller } = await sellerWithProducts();
    await ban(seller.user.id);
    const again = await ban(seller.user.id);
    expect([again.statusCode, (again.json() as ApiUser).is_banned]).toEqual([200, true]);
    expect(await auditOf(seller.user.id)).toHaveLength(1);
  });

  it("refuses to ban an admin, oneself or an unknown user, and a body without the id", async () => {
    const other = await person("admin");
    const socket = await connect(other);
    const heard = recordEvents(socket, "session_expired");
    expect(failure(await ban(other.user.id))).toEqual([403, "ADMIN_CANNOT_BE_BANNED"]);
    expect(failure(await ban(admin.user.id))).toEqual([403, "CANNOT_CHANGE_OWN_ACCESS"]);
    expect(failure(await ban(crypto.randomUUID()))).toEqual([404, "USER_NOT_FOUND"]);
    expect(failure(await admin.client.post("/v1/admin/ban-user", { user_id: other.user.id }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    await pause(QUIET_MS);
    expect([heard, socket.connected]).toEqual([[], true]);
    expect((await other.client.get("/v1/admin/users")).statusCode).toBe(200);
    expect(await auditOf(other.user.id)).toEqual([]);
  });

  it("puts a product approved while its seller is banned in suspended, not on sale", async () => {
    const { seller, pending } = await sellerWithProducts();
    await ban(seller.user.id);
    expect((await admin.client.post("/v1/admin/products/approve", { product_id: pending.id })).statusCode).toBe(200);
    expect(await statusFor(admin.client, pending)).toBe("suspended");
    await unban(seller.user.id);
    expect(await statusFor(guest(), pending)).toBe("active");
  });
});

describe("POST /v1/admin/unban-user", () => {
  it("lifts the ban and puts the suspended products back in listings and search; the user signs in again", async () => {
    const { seller, word, onSale } = await sellerWithProducts();
    await ban(seller.user.id);
    const response = await unban(seller.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: seller.user.id, is_banned: false });

    expect(await listedIds()).toEqual(expect.arrayContaining(onSale.map((product) => product.id)));
    expect((await foundIds(word)).sort()).toEqual(onSale.map((product) => product.id).sort());
    for (const product of onSale) expect(await statusFor(guest(), product)).toBe("active");
    // The ended sessions stay ended.
    expect(failure(await seller.client.get("/v1/chats/"))).toEqual([401, "TOKEN_IS_REVOKED"]);
    const again = await signInAs(t.app, seller.user);
    expect((await again.get("/v1/chats/")).statusCode).toBe(200);

    const audit = (await auditOf(seller.user.id)).find((row) => row.action === "user.unban");
    expect(audit).toMatchObject({ adminId: admin.user.id, before: { is_banned: true }, after: { is_banned: false } });
    expect((audit!.after as { restored_products: string[] }).restored_products.sort()).toEqual(
      onSale.map((product) => product.id).sort(),
    );
    // Unbanning someone not banned changes nothing.
    expect((await unban(seller.user.id)).statusCode).toBe(200);
    expect(failure(await unban(crypto.randomUUID()))).toEqual([404, "USER_NOT_FOUND"]);
    expect(await auditOf(seller.user.id)).toHaveLength(2);
  });
});

describe("is_banned and role in PATCH /v1/admin/user/{id}", () => {
  it("bans and unbans with the same effects as the ban calls", async () => {
    const { seller, onSale } = await sellerWithProducts();
    const socket = await connect(seller);
    const told = nextEvent(socket, "session_expired");
    const banned = await seller.client.request("PATCH", `/v1/admin/user/${seller.user.id}`, { is_banned: true });
    expect(failure(banned)).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    const response = await admin.client.request("PATCH", `/v1/admin/user/${seller.user.id}`, {
      is_banned: true,
      description: "Sold stolen keys",
    });
    expect(response.json()).toMatchObject({ is_banned: true, description: "Sold stolen keys" });
    expect(await told).toMatchObject({ error_code: "USER_IS_BANNED" });
    expect(failure(await seller.client.get("/v1/chats/"))).toEqual([401, "TOKEN_IS_REVOKED"]);
    for (const product of onSale) expect(await statusFor(guest(), product)).toBe(404);

    await admin.client.request("PATCH", `/v1/admin/user/${seller.user.id}`, { is_banned: false });
    for (const product of onSale) expect(await statusFor(guest(), product)).toBe("active");
    const audit = (await auditOf(seller.user.id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    expect(audit.map((row) => [row.action, row.before])).toEqual([
      ["user.update", { is_banned: false, description: null }],
      ["user.update", { is_banned: true }],
    ]);
  });

  it("closes the sockets of a user whose role changed, so they reconnect with the rooms of their new role", async () => {
    const demoted = await person("admin");
    const socket = await connect(demoted);
    const heard = recordEvents(socket, "session_expired");
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    expect(
      (await admin.client.request("PATCH", `/v1/admin/user/${demoted.user.id}`, { role: "user" })).json(),
    ).toMatchObject({ role: "user" });
    expect(await closed).toBe("io server disconnect");
    expect(heard).toEqual([]);
    // The session goes on: the next request and socket work, now as a user.
    expect(failure(await demoted.client.get("/v1/admin/users"))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    await connect(demoted);
  });
});

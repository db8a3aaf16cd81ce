import { errorText, validationMessage, type AdminUserPage, type User as ApiUser } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.js";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/ledger.js";
import { users, type User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import type { TestClient } from "../../test/test-client.js";
import { failure } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let admin: User;
let asAdmin: TestClient;
let asUser: TestClient;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.database.db, { username: "au_admin", role: "admin" });
  asAdmin = await signInAs(t.app, admin);
  asUser = await signInAs(t.app, await createTestUser(t.database.db, { username: "au_plain" }));
});
afterAll(() => t.close());

const someone = (values: Partial<User> = {}) =>
  createTestUser(t.database.db, { username: `au_user_${++counter}`, ...values });
const patch = (client: TestClient, id: string, body: object) => client.request("PATCH", `/v1/admin/user/${id}`, body);
const auditOf = (targetId: string) =>
  t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

describe("who may call the admin API", () => {
  it("answers 401 to a guest and 403 INSUFFICIENT_PERMISSIONS to a user on every call, and changes nothing", async () => {
    const target = await someone();
    const calls: Array<["GET" | "POST" | "PATCH", string, object?]> = [
      ["GET", "/v1/admin/dashboard-info"],
      ["GET", "/v1/admin/users"],
      ["GET", "/v1/admin/users/search?q=au"],
      ["GET", `/v1/admin/user/${target.id}`],
      ["PATCH", `/v1/admin/user/${target.id}`, { description: "Set by an admin" }],
      ["POST", "/v1/admin/ban-user", { id: target.id }],
      ["POST", "/v1/admin/unban-user", { user_id: target.id }],
      ["GET", "/v1/admin/audit-log"],
    ];
    for (const [method, url, payload] of calls) {
      const guest = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(failure(guest), `${method} ${url}`).toEqual([401, "TOKEN_NOT_FOUND"]);
      expect(failure(await asUser.request(method, url, payload)), `${method} ${url}`).toEqual([
        403,
        "INSUFFICIENT_PERMISSIONS",
      ]);
      expect((await asAdmin.request(method, url, payload)).statusCode, `${method} ${url}`).toBe(200);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    // Only the admin's calls took effect: the description, banned and unbanned again.
    expect(row).toMatchObject({ description: "Set by an admin", isBanned: false });
  });
});

describe("GET /v1/admin/users", () => {
  it("pages every user newest first with the totals", async () => {
    const a = await createTestApp();
    try {
      const made: User[] = [];
      for (let index = 0; index < 5; index++) {
        made.push(
          await createTestUser(a.database.db, {
            username: `page_${index}`,
            role: index === 0 ? "admin" : "user",
            createdAt: new Date(Date.UTC(2030, 0, 1, index)),
          }),
        );
      }
      const pageAdmin = await signInAs(a.app, made[0]!);
      const first = (await pageAdmin.get("/v1/admin/users?per_page=2")).json() as AdminUserPage;
      expect([first.total, first.total_pages, first.page]).toEqual([5, 3, 1]);
      expect(first.users.map((user) => user.username)).toEqual(["page_4", "page_3"]);
      const last = (await pageAdmin.get("/v1/admin/users?per_page=2&page=3")).json() as AdminUserPage;
      expect(last.users.map((user) => user.username)).toEqual(["page_0"]);
      expect(last.users[0]).toEqual({
        id: made[0]!.id,
        email: "page_0@example.com",
        username: "page_0",
        balance: 0,
        avatar_url: "",
        description: null,
        created_at: "2030-01-01T00:00:00.000Z",
        has_frozen_balance: false,
        is_banned: false,
        is_active: true,
        rating: 0,
        role: "admin",
        two_factor_enabled: true,
      });
      expect(failure(await pageAdmin.get("/v1/admin/users?per_page=0"))).toEqual([422, "VALIDATION_ERROR"]);
    } finally {
      await a.close();
    }
  });
});

describe("GET /v1/admin/users/search", () => {
  it("finds part of a username or an e-mail in any letter case, with % and _ taken literally", async () => {
    const a = await createTestApp();
    try {
      const db = a.database.db;
      const searcher = await signInAs(a.app, await createTestUser(db, { username: "searcher", role: "admin" }));
      await createTestUser(db, { username: "DragonSlayer", email: "ds@mail.example" });
      await createTestUser(db, { username: "dragonfly", email: "fly@hundred_percent.example" });
      await createTestUser(db, { username: "knight", email: "knight@dragons.example" });
      await createTestUser(db, { username: "under_score", email: "us@mail.example" });
      await createTestUser(db, { username: "underXscore", email: "ux@mail.example" });
      const found = async (q: string) =>
        ((await searcher.get(`/v1/admin/users/search?q=${encodeURIComponent(q)}`)).json() as AdminUserPage).users
          .map((user) => user.username)
          .sort();

      expect(await found("DRAGON")).toEqual(["DragonSlayer", "dragonfly", "knight"]);
      expect(await found("onsla")).toEqual(["DragonSlayer"]);
      expect(await found("MAIL.EXAMPLE")).toEqual(["DragonSlayer", "underXscore", "under_score"]);
      expect(await found("r_s")).toEqual(["under_score"]);
      expect(await found("_")).toEqual(["dragonfly", "under_score"]);
      expect(await found("%")).toEqual([]);
      expect(await found("nobody")).toEqual([]);

      const page = (await searcher.get("/v1/admin/users/search?q=dragon&per_page=2&page=2")).json() as AdminUserPage;
      expect([page.total, page.total_pages, page.users.length]).toEqual([3, 2, 1]);
      expect(failure(await searcher.get("/v1/admin/users/search?q=%20"))).toEqual([422, "VALIDATION_ERROR"]);
    } finally {
      await a.close();
    }
  });
});

describe("GET /v1/admin/user/{id}", () => {
  it("answers the full user, 404 USER_NOT_FOUND for an unknown id and 422 for a malformed one", async () => {
    const target = await someone({ description: "Sells keys", balanceKopecks: 12_34 });
    expect((await asAdmin.get(`/v1/admin/user/${target.id}`)).json()).toMatchObject({
      id: target.id,
      email: target.email,
      balance: 12.34,
      description: "Sells keys",
    });
    expect(failure(await asAdmin.get(`/v1/admin/user/${crypto.randomUUID()}`))).toEqual([404, "USER_NOT_FOUND"]);
    expect(failure(await asAdmin.get("/v1/admin/user/not-a-uuid"))).toEqual([422, "VALIDATION_ERROR"]);
  });
});

describe("PATCH /v1/admin/user/{id}", () => {
  it("changes only the fields sent, answers the updated user and logs what changed", async () => {
    const target = await someone({ description: "Old words" });
    const response = await patch(asAdmin, target.id, {
      email: "  New.Address@Example.com ",
      is_active: false,
      has_frozen_balance: true,
      description: "",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: target.id,
      email: "new.address@example.com",
      username: target.username,
      is_active: false,
      has_frozen_balance: true,
      description: null,
      role: "user",
      is_banned: false,
    });
    expect((await asAdmin.get(`/v1/admin/user/${target.id}`)).json()).toEqual(response.json());

    const second = await patch(asAdmin, target.id, {
      username: "Renamed_1",
      avatar_url: "/media/avatars/a.webp",
      role: "admin",
    });
    expect(second.json()).toMatchObject({
      username: "Renamed_1",
      avatar_url: "/media/avatars/a.webp",
      role: "admin",
    });
    expect((await patch(asAdmin, target.id, { avatar_url: "/media/avatars/x.webp" })).json()).toMatchObject({
      avatar_url: "/media/avatars/x.webp",
    });

    const audit = (await auditOf(target.id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    expect(audit.map((row) => [row.adminId, row.action, row.targetType])).toEqual([
      [admin.id, "user.update", "user"],
      [admin.id, "user.update", "user"],
      [admin.id, "user.update", "user"],
    ]);
    expect(audit[0]).toMatchObject({
      before: { email: target.email, is_active: true, has_frozen_balance: false, description: "Old words" },
      after: {
        email: "new.address@example.com",
        is_active: false,
        has_frozen_balance: true,
        description: null,
      },
    });
    expect(audit[1]).toMatchObject({
      before: { username: target.username, avatar_url: "", role: "user" },
      after: { username: "Renamed_1", role: "admin" },
    });
    for (const row of audit) expect(JSON.stringify(row)).not.toMatch(/password|argon/i);
  });

  it("refuses each bad field with 422 VALIDATION_ERROR naming it, and an empty body with PAYLOAD_IS_EMPTY", async () => {
    const target = await someone();
    const bad: Array<[object, string]> = [
      [{ username: "ab" }, "username"],
      [{ username: "a".repeat(17) }, "username"],
      [{ username: "bad name!" }, "username"],
      [{ email: "not-an-email" }, "email"],
      [{ description: "x".repeat(501) }, "description"],
      [{ balance: -1 }, "balance"],
      [{ balance: 1.234 }, "balance"],
      [{ rating: -1 }, "rating"],
      [{ role: "owner" }, "role"],
      [{ is_banned: "yes" }, "is_banned"],
    ];
    for (const [body, field] of bad) {
      const response = await patch(asAdmin, target.id, body);
      expect(failure(response), JSON.stringify(body)).toEqual([422, "VALIDATION_ERROR"]);
      expect(
        response.json().detail.errors.map((error: { field: string }) => error.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(failure(await patch(asAdmin, target.id, {}))).toEqual([400, "PAYLOAD_IS_EMPTY"]);
    expect(failure(await patch(asAdmin, crypto.randomUUID(), { rating: 1 }))).toEqual([404, "USER_NOT_FOUND"]);
    // Description at the limit, username at both ends of 3–16 are fine.
    expect(
      (
        await patch(asAdmin, target.id, {
          description: "x".repeat(500),
          username: `z${counter}${"z".repeat(14)}`.slice(0, 16),
        })
      ).statusCode,
    ).toBe(200);
    expect((await patch(asAdmin, target.id, { username: `q${counter}`.padEnd(3, "q") })).statusCode).toBe(200);
    expect(await auditOf(target.id)).toHaveLength(2);
  });

  it("saves a ban, a freeze and a balance for a 4.5-rated user with a 3- or 16-character name; the rating stays", async () => {
    for (const username of [`r${counter % 10}x`, `rated_${counter}`.padEnd(16, "x").slice(0, 16)]) {
      const target = await someone({ username, rating: 4.5 });
      expect(username.length === 3 || username.length === 16).toBe(true);
      const banned = await patch(asAdmin, target.id, { is_banned: true, has_frozen_balance: true, balance: 12.5 });
      expect(banned.statusCode, banned.body).toBe(200);
      expect(banned.json()).toMatchObject({
        username,
        rating: 4.5,
        is_banned: true,
        has_frozen_balance: true,
        balance: 12.5,
      });
      // A client that sends the whole user back, the spec's way: the stored rating is no change.
      const whole = await patch(asAdmin, target.id, { ...banned.json(), is_banned: false, rating: 4.5 });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json()).toMatchObject({ username, rating: 4.5, is_banned: false });
      const [audit] = (await auditOf(target.id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
      expect(Object.keys(audit!.after as object)).not.toContain("rating");
    }
  });

  it("refuses another rating with 422 naming the field and saying it follows from reviews; nothing changes", async () => {
    const target = await someone({ rating: 4.5 });
    for (const rating of [5, 4, 0]) {
      const response = await patch(asAdmin, target.id, { rating, is_active: false });
      expect(failure(response)).toEqual([422, "VALIDATION_ERROR"]);
      expect(response.json().detail.errors).toEqual([
        { field: "rating", message: validationMessage("ratingFollowsReviews") },
      ]);
    }
    expect((await asAdmin.get(`/v1/admin/user/${target.id}`)).json()).toMatchObject({ rating: 4.5, is_active: true });
    expect(await auditOf(target.id)).toHaveLength(0);
  });

  it("refuses renaming anyone to an official-looking name or an e-mail with invisible characters; an existing admin keeps theirs", async () => {
    const target = await someone();
    for (const [body, field, code] of [
      [{ username: "Adm1n" }, "username", "USERNAME_NOT_ALLOWED"],
      [{ username: "lootlane_support" }, "username", "USERNAME_NOT_ALLOWED"],
      [{ email: "tar\u200dget@example.com" }, "email", "EMAIL_INVISIBLE_CHARACTERS"],
    ] as const) {
      const response = await patch(asAdmin, target.id, body);
      expect(failure(response), JSON.stringify(body)).toEqual([422, "VALIDATION_ERROR"]);
      expect(response.json().detail.errors).toEqual([{ field, message: errorText(code, "en") }]);
    }
    expect((await asAdmin.get(`/v1/admin/user/${target.id}`)).json()).toMatchObject({ username: target.username });

    // The seed's first admin is named "admin"; editing the rest of that account still works.
    const seededAdmin = await someone({ username: "admin", role: "admin" });
    const edited = await patch(asAdmin, seededAdmin.id, { description: "Runs the marketplace" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ username: "admin", description: "Runs the marketplace" });
  });

  it("refuses an e-mail or username another user has (409), in any letter case, and keeps the user as they were", async () => {
    const holder = await someone();
    const target = await someone();
    expect(failure(await patch(asAdmin, target.id, { email: holder.email.toUpperCase(), rating: 3 }))).toEqual([
      409,
      "EMAIL_ALREADY_EXISTS",
    ]);
    expect(failure(await patch(asAdmin, target.id, { username: holder.username.toUpperCase(), rating: 3 }))).toEqual([
      409,
      "USERNAME_ALREADY_EXISTS",
    ]);
    expect((await asAdmin.get(`/v1/admin/user/${target.id}`)).json()).toMatchObject({
      email: target.email,
      username: target.username,
      rating: 0,
    });
    // The user's own name in another case is not a conflict.
    expect(
      (await patch(asAdmin, target.id, { username: target.username.toUpperCase(), email: target.email })).json(),
    ).toMatchObject({ username: target.username.toUpperCase() });
    expect(await auditOf(target.id)).toHaveLength(1);
  });

  it("moves a new balance through the ledger as one balanced admin adjustment of the difference", async () => {
    const target = await someone({ balanceKopecks: 100_00 });
    const raised = await patch(asAdmin, target.id, { balance: 250.75 });
    expect(raised.json()).toMatchObject({ balance: 250.75 });
    const lowered = await patch(asAdmin, target.id, { balance: 0 });
    expect(lowered.json()).toMatchObject({ balance: 0 });
    // The same balance again posts nothing.
    expect((await patch(asAdmin, target.id, { balance: 0 })).statusCode).toBe(200);

    const [account] = await t.database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, "user_available"), eq(ledgerAccounts.userId, target.id)));
    expect(account!.balanceKopecks).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.balanceKopecks).toBe(0);
    const postings = await t.database.db
      .select({
        transaction: ledgerTransactions,
        amount: ledgerEntries.amountKopecks,
        accountId: ledgerEntries.accountId,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.actorId, admin.id));
    const mine = postings.filter((posting) =>
      postings.some((other) => other.transaction.id === posting.transaction.id && other.accountId === account!.id),
    );
    const transactionIds = [...new Set(mine.map((posting) => posting.transaction.id))];
    expect(transactionIds).toHaveLength(2);
    for (const entries of transactionIds.map((id) => mine.filter((posting) => posting.transaction.id === id))) {
      expect(entries[0]!.transaction.kind).toBe("admin_adjustment");
      expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    }
    expect(
      mine
        .filter((entry) => entry.accountId === account!.id)
        .map((entry) => entry.amount)
        .sort((x, y) => x - y),
    ).toEqual([-250_75, 150_75]);

    const audit = (await auditOf(target.id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    expect(audit.map((entry) => [entry.before, entry.after])).toEqual([
      [{ balance: 100 }, { balance: 250.75 }],
      [{ balance: 250.75 }, { balance: 0 }],
    ]);
  });

  it("lets no admin ban or demote themself (CANNOT_CHANGE_OWN_ACCESS) nor ban another admin (ADMIN_CANNOT_BE_BANNED)", async () => {
    expect(failure(await patch(asAdmin, admin.id, { is_banned: true }))).toEqual([403, "CANNOT_CHANGE_OWN_ACCESS"]);
    expect(failure(await patch(asAdmin, admin.id, { role: "user" }))).toEqual([403, "CANNOT_CHANGE_OWN_ACCESS"]);
    // The edit form sends every field: the admin's own unchanged access is fine.
    const own = await patch(asAdmin, admin.id, { role: "admin", is_banned: false, description: "Head admin" });
    expect(own.json()).toMatchObject({ role: "admin", is_banned: false, description: "Head admin" });

    const other = await someone({ role: "admin" });
    expect(failure(await patch(asAdmin, other.id, { is_banned: true }))).toEqual([403, "ADMIN_CANNOT_BE_BANNED"]);
    const banned = await someone({ isBanned: true });
    expect(failure(await patch(asAdmin, banned.id, { role: "admin" }))).toEqual([403, "ADMIN_CANNOT_BE_BANNED"]);
    expect((await asAdmin.get(`/v1/admin/user/${other.id}`)).json()).toMatchObject({ role: "admin", is_banned: false });
    // A demoted admin may then be banned like anyone else.
    const demotedAndBanned = (await patch(asAdmin, other.id, { role: "user", is_banned: true })).json() as ApiUser;
    expect([demotedAndBanned.role, demotedAndBanned.is_banned]).toEqual(["user", true]);
  });
});

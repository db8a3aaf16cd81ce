import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { randomBytes } from "node:crypto";
import { type NewUser, type User, recoveryCodes, users } from "../db/schema/users.js";
import { hashRecoveryCode } from "../modules/auth/auth-two-factor.service.js";
import { postLedgerTransaction } from "../modules/ledger/ledger.service.js";
import { hashPassword } from "../platform/security/password-hash.js";
import { TestClient } from "./test-client.js";

/** The password of every user made here. */
export const TEST_PASSWORD = "Test#pass1";

// argon2 is slow on purpose; one hash serves every test user.
let passwordHash: Promise<string> | undefined;

/*
 * Admins must sign in with a second factor (issue 22), so a test admin is enrolled unless the test says
 * otherwise (`totpEnabledAt: null`). Enrolled with recovery codes only: the authenticator's codes would depend
 * on the app's data key and clock, which differ from test to test, while a recovery code signs in anywhere.
 * signInAs spends one per sign-in; the tests of two-factor sign-in itself set it up through the API.
 */
const TEST_ADMIN_RECOVERY_CODES = 50;
const unusedRecoveryCodes = new Map<string, string[]>();

/**
 * Inserts a user (e-mail `<username>@example.com` unless given) who can sign in with TEST_PASSWORD. A balance
 * given is paid in from outside through the ledger, as an admin's top-up is, so the ledger check that closes
 * every test app (test-app.ts) still holds.
 */
export async function createTestUser(db: Db, values: Partial<NewUser> & { username: string }): Promise<User> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const { balanceKopecks = 0, ...columns } = values;
  const enrolled = columns.role === "admin" && columns.totpEnabledAt === undefined;
  const [user] = await db
    .insert(users)
    .values({
      email: `${values.username.toLowerCase()}@example.com`,
      passwordHash: await passwordHash,
      ...(enrolled ? { totpEnabledAt: new Date() } : {}),
      ...columns,
    })
    .returning();
  if (enrolled) await giveRecoveryCodes(db, user!.id);
  if (balanceKopecks === 0) return user!;
  await db.transaction((tx) =>
    postLedgerTransaction(tx, {
      kind: "admin_adjustment",
      actorId: null,
      memo: "test balance",
      at: new Date(),
      entries: [
        { account: { kind: "user_available", userId: user!.id }, amountKopecks: balanceKopecks },
        { account: { kind: "external" }, amountKopecks: -balanceKopecks },
      ],
    }),
  );
  return { ...user!, balanceKopecks };
}

/** A browser signed in as the user through POST /v1/auth/login, holding the cookies it set. */
export async function signInAs(app: FastifyInstance, user: Pick<User, "email"> & { id?: string }): Promise<TestClient> {
  const client = new TestClient(app);
  // An enrolled test admin signs in with a recovery code (see above); other users need none.
  const recovery_code = user.id === undefined ? undefined : unusedRecoveryCodes.get(user.id)?.pop();
  const response = await client.post("/v1/auth/login", { email: user.email, password: TEST_PASSWORD, recovery_code });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${user.email} failed: ${response.statusCode} ${response.body}`);
  return client;
}

async function giveRecoveryCodes(db: Db, userId: string): Promise<void> {
  const codes = Array.from({ length: TEST_ADMIN_RECOVERY_CODES }, () => randomBytes(8).toString("hex"));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  unusedRecoveryCodes.set(userId, codes);
}

import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { type NewUser, type User, users } from "../db/schema/users.js";
import { postLedgerTransaction } from "../modules/ledger/ledger.service.js";
import { hashPassword } from "../platform/security/password-hash.js";
import { TestClient } from "./test-client.js";

/** The password of every user made here. */
export const TEST_PASSWORD = "Test#pass1";

// argon2 is slow on purpose; one hash serves every test user.
let passwordHash: Promise<string> | undefined;

/**
 * Inserts a user (e-mail `<username>@example.com` unless given) who can sign in with TEST_PASSWORD. A balance
 * given is paid in from outside through the ledger, as an admin's top-up is, so the ledger check that closes
 * every test app (test-app.ts) still holds.
 */
export async function createTestUser(db: Db, values: Partial<NewUser> & { username: string }): Promise<User> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const { balanceKopecks = 0, ...columns } = values;
  const [user] = await db
    .insert(users)
    .values({ email: `${values.username.toLowerCase()}@example.com`, passwordHash: await passwordHash, ...columns })
    .returning();
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
export async function signInAs(app: FastifyInstance, user: Pick<User, "email">): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post("/v1/auth/login", { email: user.email, password: TEST_PASSWORD });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${user.email} failed: ${response.statusCode} ${response.body}`);
  return client;
}

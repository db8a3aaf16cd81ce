import { randomBytes, randomInt } from "node:crypto";
import { isStrongPassword, PASSWORD_SPECIALS } from "@lootlane/contract";
import type { Config } from "../../config.js";
import { hashPassword } from "../../platform/security/password-hash.js";
import type { NewUser } from "../schema/users.js";

export const DEFAULT_ADMIN_EMAIL = "admin@lootlane.local";
export const DEMO_SELLER_USERNAME = "demo_seller";

export type SeedUsers = {
  admin: NewUser;
  /** What main.ts prints; the password only when it was generated here. */
  adminCredentials: { email: string; password?: string };
  demoSeller?: NewUser;
};

// Look-alike characters (I, l, O, 0, 1) are left out: the generated password is read off a terminal.
const passwordAlphabets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnopqrstuvwxyz", "23456789", PASSWORD_SPECIALS];

/** A random 20-character password that always satisfies the contract's isStrongPassword rule. */
export function generateAdminPassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const everything = passwordAlphabets.join("");
  const chars = [...passwordAlphabets.map(pick), ...Array.from({ length: 16 }, () => pick(everything))];
  // Shuffle so the one-of-each-kind characters are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

/** The first admin (from config, else generated) and, with demo data, the demo seller; hashing is the slow part. */
export async function prepareSeedUsers(
  config: Config,
  log: { warn(msg: string): void },
  now: Date,
): Promise<SeedUsers> {
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generated = config.adminPassword === undefined ? generateAdminPassword() : undefined;
  const adminPassword = config.adminPassword ?? generated!;
  if (!isStrongPassword(adminPassword)) {
    log.warn(
      "ADMIN_PASSWORD does not meet the password rule (upper and lower case, a digit, one of !@#$%^&*); change it after signing in.",
    );
  }
  // The demo seller's password is random and never shown: nobody is meant to sign in as the demo seller.
  const [adminHash, sellerHash] = await Promise.all([
    hashPassword(adminPassword),
    config.seedDemo ? hashPassword(randomBytes(32).toString("base64url")) : undefined,
  ]);

  return {
    admin: { email, username: "admin", passwordHash: adminHash, role: "admin", createdAt: now, updatedAt: now },
    adminCredentials: generated ? { email, password: generated } : { email },
    demoSeller: sellerHash
      ? {
          email: "demo_seller@lootlane.local",
          username: DEMO_SELLER_USERNAME,
          passwordHash: sellerHash,
          description:
            "Official Lootlane demo storefront: every listing here is sample data to explore the marketplace with.",
          rating: 5,
          createdAt: new Date(now.getTime() - 30 * 24 * 3_600_000),
          updatedAt: now,
        }
      : undefined,
  };
}

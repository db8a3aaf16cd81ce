import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash.js";

describe("password hash", () => {
  it("accepts the password it hashed and nothing else", async () => {
    const hash = await hashPassword("Secret!123");
    expect(await verifyPassword(hash, "Secret!123")).toBe(true);
    expect(await verifyPassword(hash, "secret!123")).toBe(false);
  });

  it("uses argon2id with m=19456 KiB, t=2, p=1 and a fresh salt each time", async () => {
    const [first, second] = await Promise.all([hashPassword("Secret!123"), hashPassword("Secret!123")]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(first).not.toBe(second);
  });
});

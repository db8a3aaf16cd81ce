import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDataCipher } from "./data-cipher.js";

const key = randomBytes(32);
const cipher = createDataCipher(key);

/** Flips one bit of the base64url part at `index` of a payload. */
function flipBit(payload: string, index: number): string {
  const parts = payload.split(":");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString("base64url");
  return parts.join(":");
}

describe("data cipher", () => {
  it("round-trips text, including non-ASCII and empty text", () => {
    for (const plain of ["login: hero / pass: Qw3rty!", "Ключ: ABCD-EFGH 🎮", ""]) {
      expect(cipher.decrypt(cipher.encrypt(plain))).toBe(plain);
    }
  });

  it("writes a versioned payload that hides the text and differs on every call", () => {
    const first = cipher.encrypt("steam key 1234");
    expect(first).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(first).not.toContain("steam");
    expect(cipher.encrypt("steam key 1234")).not.toBe(first);
  });

  it("refuses a payload whose iv, tag or ciphertext was altered", () => {
    const payload = cipher.encrypt("the goods");
    for (const index of [1, 2, 3]) expect(() => cipher.decrypt(flipBit(payload, index))).toThrow();
  });

  it("refuses a payload written under another key", () => {
    const payload = createDataCipher(randomBytes(32)).encrypt("the goods");
    expect(() => cipher.decrypt(payload)).toThrow();
  });

  it("refuses malformed payloads and keys of the wrong size", () => {
    expect(() => cipher.decrypt("plain text")).toThrow(/v1/);
    expect(() => cipher.decrypt(`v2:${cipher.encrypt("x").slice(3)}`)).toThrow(/v1/);
    expect(() => createDataCipher(randomBytes(16))).toThrow(/32 bytes/);
  });

  it("fingerprints equal text equally, other text or another key differently, and hides the text", () => {
    const print = cipher.fingerprint("KEY-1111-2222");
    expect(cipher.fingerprint("KEY-1111-2222")).toBe(print);
    expect(cipher.fingerprint("KEY-1111-2223")).not.toBe(print);
    expect(createDataCipher(randomBytes(32)).fingerprint("KEY-1111-2222")).not.toBe(print);
    expect(print).not.toContain("KEY");
    expect(print).toMatch(/^[\w-]{43}$/);
  });
});

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

export type DataCipher = {
  encrypt(plain: string): string;
  decrypt(payload: string): string;
  /**
   * The same text always gives the same fingerprint and nothing else does in practice, so equal secrets are found
   * without decrypting them (a duplicate unit of stock); the text cannot be read back from it without the key.
   */
  fingerprint(plain: string): string;
};

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for product data at rest. A payload is `v1:<iv>:<tag>:<ciphertext>` in base64url; the version
 * prefix lets a later key or algorithm coexist with rows written by this one. Decrypting a payload that was
 * altered or written under another key throws.
 */
export function createDataCipher(key: Buffer): DataCipher {
  if (key.length !== 32) throw new Error(`data key must be 32 bytes, got ${key.length}`);
  // A key of its own for the HMAC, derived from the data key, so no payload and no fingerprint share a key.
  const fingerprintKey = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "lootlane data fingerprint v1", 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(":");
    },
    decrypt(payload) {
      const [version, iv, tag, ciphertext, ...rest] = payload.split(":");
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new Error("not a v1 data cipher payload");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    },
    fingerprint(plain) {
      return createHmac("sha256", fingerprintKey).update(plain, "utf8").digest("base64url");
    },
  };
}

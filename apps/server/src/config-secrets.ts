import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import webPush from "web-push";

/**
 * The embedded default of every secret the environment may leave unset (JWT_SECRET, DATA_KEY, the VAPID key pair):
 * generated once into DATA_DIR/secrets.json so restarts keep sessions valid, encrypted product data readable and
 * browsers' push subscriptions working. Several instances must set the variables instead.
 */
export type GeneratedSecrets = {
  jwtSecret: string;
  dataKey: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
};
export type SecretName = keyof GeneratedSecrets;

const generators: Record<SecretName, () => Partial<GeneratedSecrets>> = {
  jwtSecret: () => ({ jwtSecret: randomBytes(48).toString("base64url") }),
  dataKey: () => ({ dataKey: randomBytes(32).toString("hex") }),
  vapidPublicKey: vapidPair,
  vapidPrivateKey: vapidPair,
};

function vapidPair(): Partial<GeneratedSecrets> {
  const keys = webPush.generateVAPIDKeys();
  return { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey };
}

/**
 * The secrets named, from DATA_DIR/secrets.json. Those the file lacks are generated and added to it, so a file
 * written before a secret existed (before web push, say) keeps its other secrets and gains the new one.
 */
export function generatedSecrets(dataDir: string, needed: readonly SecretName[]): Partial<GeneratedSecrets> {
  const file = path.join(dataDir, "secrets.json");
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<GeneratedSecrets>) : undefined;
  const secrets: Partial<GeneratedSecrets> = { ...stored };
  for (const name of needed) if (secrets[name] === undefined) Object.assign(secrets, generators[name]());
  if (needed.every((name) => stored?.[name] !== undefined)) return secrets;
  const text = JSON.stringify(secrets, null, 2);
  if (stored === undefined) {
    mkdirSync(dataDir, { recursive: true });
    // `wx`: of two processes creating the file at once, the second fails rather than replacing the first's keys.
    writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  } else {
    // Written beside it and renamed over it, so a crash mid-write never leaves a file that has lost its secrets.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, text, { mode: 0o600 });
    renameSync(partial, file);
  }
  return secrets;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why a VAPID_PUBLIC_KEY is unusable: an uncompressed P-256 point (65 bytes, 0x04 first), base64url. */
export function vapidPublicKeyProblem(key: string): string | undefined {
  const bytes = Buffer.from(key, "base64url");
  if (!BASE64URL.test(key) || bytes.length !== 65 || bytes[0] !== 4)
    return "must be a P-256 public key in base64url (65 bytes), as web-push generate-vapid-keys prints";
  return undefined;
}

/** Why a VAPID_PRIVATE_KEY is unusable: a P-256 private key (32 bytes), base64url. */
export function vapidPrivateKeyProblem(key: string): string | undefined {
  if (!BASE64URL.test(key) || Buffer.from(key, "base64url").length !== 32)
    return "must be a P-256 private key in base64url (32 bytes), as web-push generate-vapid-keys prints";
  return undefined;
}

/** Whether the public key is the private key's: a mismatched pair would make every push service refuse us. */
export function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"));
  } catch {
    return false;
  }
}

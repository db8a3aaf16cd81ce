import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";

/*
 * A push service (RFC 8030) as a real HTTP server on 127.0.0.1, checking each message the way Mozilla's and
 * Google's do before they take it, so our sender is tested through the protocol:
 *   - `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): k is the applicationServerKey the browser
 *     subscribed with, t an ES256 JWT signed by it whose `aud` is this origin, `exp` no more than 24 hours ahead,
 *     `sub` a mailto: or https: contact; else 401/403;
 *   - `Content-Encoding: aes128gcm`, a `TTL`, an `Urgency` and `Topic` when given of the allowed forms; else 400;
 *   - a body of at most 4096 bytes (else 413), which is then decrypted as the browser would (RFC 8291 keys,
 *     RFC 8188 records) with the subscription's private key and auth secret; a body it cannot decrypt is refused.
 * Each subscription answers 201 unless the test makes it answer otherwise (410 gone, 500 down, or never: hang).
 */

export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  /** The decrypted payload, parsed as JSON. */
  message: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
};

export type PushAnswer = 201 | 404 | 410 | 429 | 500 | "hang";

export type TestPushService = {
  origin: string;
  /** A browser's subscription with the server's VAPID key: a P-256 key pair and an auth secret of its own. */
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** How the subscription's endpoint answers from now on. */
  answer(endpoint: string, answer: PushAnswer): void;
  /** The messages the endpoint took, oldest first. */
  received(endpoint: string): ReceivedPush[];
  /** Every request that reached the endpoint, taken or not. */
  attempts(endpoint: string): number;
  /** Requests refused for breaking the protocol, with why: a test expects none. */
  refusals: string[];
  close(): Promise<void>;
};

type Browser = {
  ecdh: ECDH;
  auth: Buffer;
  serverKey: string;
  answer: PushAnswer;
  attempts: number;
  received: ReceivedPush[];
};

const MAX_BODY = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export async function startTestPushService(): Promise<TestPushService> {
  const browsers = new Map<string, Browser>();
  const refusals: string[] = [];
  const hanging = new Set<ServerResponse>();
  let origin = "";

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      refusals.push(`${request.url}: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const endpoint = `${origin}${request.url}`;
    const browser = browsers.get(endpoint);
    if (request.method !== "POST" || !browser) return void response.writeHead(404).end();
    browser.attempts += 1;
    const refuse = (status: number, reason: string) => {
      refusals.push(`${request.url}: ${reason}`);
      response.writeHead(status, { "content-type": "text/plain" }).end(reason);
    };
    const vapid = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(request.headers.authorization ?? "");
    if (!vapid) return refuse(401, "no vapid authorization");
    if (vapid[2] !== browser.serverKey) return refuse(403, "k is not the key the browser subscribed with");
    const claims = await verifiedClaims(vapid[1]!, vapid[2]!);
    if (typeof claims === "string") return refuse(403, claims);
    if (request.headers["content-encoding"] !== "aes128gcm") return refuse(400, "content-encoding is not aes128gcm");
    const header = (name: string) => [request.headers[name] ?? []].flat().join(",") || undefined;
    const ttl = header("ttl");
    if (ttl === undefined || !/^\d+$/.test(ttl)) return refuse(400, "no TTL");
    const urgency = header("urgency");
    if (urgency !== undefined && !["very-low", "low", "normal", "high"].includes(urgency))
      return refuse(400, `bad urgency ${urgency}`);
    const topic = header("topic");
    if (topic !== undefined && !(BASE64URL.test(topic) && topic.length <= 32)) return refuse(400, "bad topic");
    if (body.length > MAX_BODY) return refuse(413, `body of ${body.length} bytes`);
    let plaintext: Buffer;
    try {
      plaintext = decrypt(body, browser);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${String(error)}`);
    }
    if (browser.answer === "hang") return void hanging.add(response);
    if (browser.answer === 201)
      browser.received.push({ message: JSON.parse(plaintext.toString("utf8")), ttl: Number(ttl), urgency, topic });
    response.writeHead(browser.answer).end();
  }

  /** The JWT's claims when it is what RFC 8292 asks for, else why not. */
  async function verifiedClaims(token: string, publicKey: string): Promise<object | string> {
    const point = Buffer.from(publicKey, "base64url");
    if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 point";
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      "ES256",
    );
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["ES256"], audience: origin });
      if (payload.exp === undefined || payload.exp > Date.now() / 1000 + 24 * 3600)
        return "exp is missing or more than 24 hours ahead";
      if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub)) return "sub is no contact";
      return payload;
    } catch (error) {
      return `the JWT does not verify: ${String(error)}`;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browserAt = (endpoint: string) => {
    const browser = browsers.get(endpoint);
    if (!browser) throw new Error(`no subscription at ${endpoint}`);
    return browser;
  };

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth, serverKey: applicationServerKey, answer: 201, attempts: 0, received: [] });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    answer: (endpoint, answer) => {
      browserAt(endpoint).answer = answer;
    },
    received: (endpoint) => browserAt(endpoint).received,
    attempts: (endpoint) => browserAt(endpoint).attempts,
    refusals,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/**
 * RFC 8188 records under RFC 8291 keys: the header names the salt, the record size and the sender's public key;
 * the content key and nonce come from the ECDH secret, the auth secret and both public keys; each record ends in
 * a delimiter (2 for the last, 1 before it) followed by zero padding.
 */
function decrypt(body: Buffer, browser: Pick<Browser, "ecdh" | "auth">): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || recordSize < 18) throw new Error("bad header");
  const receiverKey = browser.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]);
  const ikm = hkdf(browser.ecdh.computeSecret(senderKey), browser.auth, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const baseNonce = hkdf(ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12);
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORs the nonce's low bytes (fewer than 2^32 records here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error("bad padding delimiter");
    parts.push(padded.subarray(0, end));
  }
  return Buffer.concat(parts);
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

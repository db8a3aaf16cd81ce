import { createECDH, randomBytes, randomInt } from "node:crypto";
import pg from "pg";
import { io } from "socket.io-client";
import {
  nextEvent as nextEventWithin,
  type ChatSocket,
  type EventName,
  type EventPayload,
} from "@lootlane/server/test/socket-events";
import { startTestMailServer, type TestMailServer } from "@lootlane/server/test/test-mail";
import { startTestS3Server, type TestS3Server } from "@lootlane/server/test/test-s3";
import { cookieHeader, sessionFrom, type ApiSession } from "./api-session.js";

/** The PostgreSQL and Redis servers the instances share, from TEST_DATABASE_URL and TEST_REDIS_URL, or why there are none. */
export function sharedServers(): { databaseServerUrl: string; redisUrl: string } | { skipReason: string } {
  const { TEST_DATABASE_URL: databaseServerUrl, TEST_REDIS_URL: redisUrl } = process.env;
  if (databaseServerUrl && redisUrl) return { databaseServerUrl, redisUrl };
  const missing = [databaseServerUrl ? [] : ["TEST_DATABASE_URL"], redisUrl ? [] : ["TEST_REDIS_URL"]]
    .flat()
    .join(" and ");
  return { skipReason: `${missing} not set (several instances need a shared PostgreSQL and Redis)` };
}

/** What every instance of one deployment shares; each instance still gets a data directory of its own. */
export type Deployment = {
  /** The environment of every instance: one database, Redis, bucket and mail server, and the same secrets. */
  env: Record<string, string>;
  mail: TestMailServer;
  s3: TestS3Server;
  /** Stops the mail and S3 servers and drops the database. */
  close(): Promise<void>;
};

/**
 * A fresh database on the given PostgreSQL server (dropped again by close()), the local S3 server and the
 * mail server, and one JWT_SECRET, DATA_KEY and VAPID key pair: without them each instance would make its own in
 * its data directory, and a session, an encrypted product or a browser's push subscription of one instance would
 * mean nothing to the other.
 */
export async function startDeployment(databaseServerUrl: string, redisUrl: string): Promise<Deployment> {
  const cleanup: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  };
  try {
    const name = `lootlane_scaleout_${randomBytes(6).toString("hex")}`;
    await onServer(databaseServerUrl, `CREATE DATABASE ${name}`);
    cleanup.push(() => onServer(databaseServerUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const databaseUrl = new URL(databaseServerUrl);
    databaseUrl.pathname = `/${name}`;

    const mail = await startTestMailServer();
    cleanup.push(() => mail.close());
    const s3 = await startTestS3Server();
    cleanup.push(() => s3.close());

    const env = {
      DATABASE_URL: databaseUrl.href,
      REDIS_URL: redisUrl,
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY: s3.config.accessKey,
      S3_SECRET_KEY: s3.config.secretKey,
      SMTP_URL: mail.url,
      MAIL_FROM: "Lootlane <no-reply@lootlane.test>",
      JWT_SECRET: randomBytes(48).toString("base64url"),
      DATA_KEY: randomBytes(32).toString("hex"),
      ...vapidKeys(),
    };
    return { env, mail, s3, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A VAPID key pair as web-push generates it: the P-256 public point and the 32-byte private key, base64url. */
function vapidKeys(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString("base64url"),
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey("hex").padStart(64, "0"), "hex").toString("base64url"),
  };
}

async function onServer(databaseServerUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A person's client: one set of cookies and one source address, whichever instance a request reaches. */
export type Visitor = {
  /** The API of one instance with this visitor's cookies, as a load balancer would route the request there. */
  at(baseUrl: string): ApiSession;
  /** The `cookie` header a browser sends with the socket handshake. */
  cookieHeader(): string;
};

/**
 * The auth limits count per client address in Redis, which outlives the run; a random address of 127.0.0.0/8
 * (Linux routes all of it to loopback) per visitor keeps repeated runs from using up each other's allowance.
 */
export function newVisitor(): Visitor {
  const localAddress = `127.${randomInt(100, 200)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const cookies = new Map<string, string>();
  return { at: (baseUrl) => sessionFrom(baseUrl, localAddress, cookies), cookieHeader: () => cookieHeader(cookies) };
}

/** The JSON of a 200 answer; any other status fails the step with the server's words. */
export async function okJson<T>(response: Promise<Response>, step: string): Promise<T> {
  const answer = await response;
  if (answer.status !== 200) throw new Error(`${step} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

export type LiveSocket = ChatSocket;

/** A socket like the web app's (websocket transport, the visitor's cookies) to one instance, once connected. */
export async function connectSocket(baseUrl: string, visitor: Visitor): Promise<LiveSocket> {
  const socket: LiveSocket = io(baseUrl, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: visitor.cookieHeader(), origin: baseUrl },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error: Error & { data?: unknown }) => {
      socket.close();
      reject(new Error(`socket handshake refused: ${error.message} ${JSON.stringify(error.data ?? "")}`));
    });
  });
  return socket;
}

/** Relayed between instances through Redis, an event can take a moment longer than on one instance. */
const RELAYED_EVENT_TIMEOUT_MS = 10_000;

/** The next `event` on the socket that matches; listen before doing what should cause it. */
export function nextEvent<E extends EventName>(
  socket: LiveSocket,
  event: E,
  matches?: (payload: EventPayload<E>) => boolean,
): Promise<EventPayload<E>> {
  return nextEventWithin(socket, event, matches, RELAYED_EVENT_TIMEOUT_MS);
}

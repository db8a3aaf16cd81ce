import type { IncomingHttpHeaders } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import {
  errorText,
  type ClientToServerEvents,
  type ErrorCode,
  type Locale,
  type ServerToClientEvents,
  type SocketError,
} from "@lootlane/contract";
import type { FastifyInstance } from "fastify";
import { createClient } from "redis";
import { Server, type Socket } from "socket.io";
import type { Config } from "../../config.js";
import type { AuthUser } from "../auth/index.js";
import { AppError } from "../errors/app-error.js";
import { errorResponseBody } from "../errors/error-handler.js";
import { toAppError } from "../errors/error-mapping.js";
import type { Clock } from "../time/clock.js";
import { createMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from "./presence.js";

/** What every socket carries once the handshake has authenticated it; `familyId` is its sign-in. */
export type SocketData = { user: AuthUser; familyId: string; locale: Locale; tokenExpiresAtMs: number };

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Told when a user's first socket connects (online) or their last one closes (offline), on any instance. */
export type PresenceListener = (change: { userId: string; online: boolean; at: Date }) => Promise<void>;

export type Realtime = {
  io: RealtimeServer;
  presence: PresenceStore;
  onPresenceChange(listener: PresenceListener): void;
  /** The error in the words of the catalogue and the socket's language, for acknowledgements and error events. */
  socketError(socket: RealtimeSocket, error: unknown): SocketError;
  /**
   * Closes every socket of the user on every instance, so what they may hear is decided again at their next
   * handshake. With a reason they are first told `session_expired` with that code (a ban: USER_IS_BANNED).
   */
  disconnectUser(userId: string, reason?: ErrorCode): void;
  /**
   * Closes, on every instance, the sockets opened with any token of these sign-ins (session families), after
   * telling them `session_expired` TOKEN_IS_REVOKED: for sign-out, password change or reset, a replayed token.
   */
  endSignIns(familyIds: readonly string[]): void;
};

/** Every user's sockets join this room, so anything for the user reaches all their tabs on every instance. */
export const personalRoom = (userId: string) => `user:${userId}`;

/**
 * Every socket joins the room of its sign-in: a refresh keeps the family, so a socket opened with an older
 * generation's access token still goes when the sign-in ends.
 */
const signInRoom = (familyId: string) => `sign-in:${familyId}`;

/** Every admin's sockets join this room, for what needs an admin's attention (a dispute opened). */
export const ADMINS_ROOM = "admins";

export const SOCKET_PATH = "/socket.io";

/** Sockets one user may hold at once over all instances (tabs, devices); the next handshake is refused. */
export const MAX_SOCKETS_PER_USER = 20;

export type RealtimeSetup = { config: Pick<Config, "redisUrl" | "allowedOrigins" | "publicUrl">; clock: Clock };

/**
 * Socket.IO on the app's own HTTP server (ARCHITECTURE.md §1, §6): websocket transport only (no sticky
 * sessions needed behind a load balancer), the handshake authenticated by the access-token cookie, a personal
 * room per user, presence, and with REDIS_URL the Redis adapter so rooms span instances. Closed with the app.
 */
export async function attachRealtime(app: FastifyInstance, { config, clock }: RealtimeSetup): Promise<Realtime> {
  const configuredOrigins = new Set(
    [...config.allowedOrigins, ...(config.publicUrl ? [config.publicUrl] : [])].map((origin) =>
      new URL(origin).origin.toLowerCase(),
    ),
  );
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ["websocket"],
    serveClient: false,
    // Same defence as the HTTP origin check: a page of another site must not ride on the user's cookie.
    allowRequest: (request, callback) => callback(null, isAllowedOrigin(request.headers, configuredOrigins)),
  });

  const redisClients = config.redisUrl ? await connectAdapter(io, config.redisUrl, app) : [];
  const presence = config.redisUrl
    ? await createRedisPresenceStore(config.redisUrl, app.log)
    : createMemoryPresenceStore();
  const listeners: PresenceListener[] = [];
  // Disconnect work (presence, last seen) still running; the app waits for it before the database closes.
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const task = work.catch((error: unknown) => app.log.error({ err: error }, "socket presence update failed"));
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };
  const announce = (userId: string, online: boolean) =>
    Promise.all(listeners.map((listener) => listener({ userId, online, at: clock() }))).then(() => undefined);

  // Counted in the handshake, so the one over the cap is refused like a bad token; a connection that goes
  // before its handshake is through gives its place back (it never gets a disconnect event).
  const admit = async (socket: RealtimeSocket) => {
    const { user } = socket.data;
    const count = await presence.add(user.id, socket.id);
    if (count > MAX_SOCKETS_PER_USER) {
      await presence.remove(user.id, socket.id);
      throw new AppError("TOO_MANY_SOCKETS");
    }
    socket.conn.once("close", () => leave(socket));
    // It may have closed while it was being counted, before the listener above was there.
    if (socket.conn.readyState !== "open") leave(socket);
    if (count === 1) track(announce(user.id, true));
  };
  // Idempotent: a socket may go by its disconnect and by its connection's close.
  const leave = (socket: RealtimeSocket) => {
    const { user } = socket.data;
    track(
      presence.remove(user.id, socket.id).then((wentOffline) => (wentOffline ? announce(user.id, false) : undefined)),
    );
  };

  io.use((socket, next) => {
    authenticateHandshake(app, socket)
      .then(() => admit(socket))
      .then(
        () => next(),
        (error: unknown) => {
          const appError = toAppError(error);
          const refusal = new Error(appError.code) as Error & { data: SocketError };
          refusal.data = {
            error_code: appError.code,
            error_message: errorText(appError.code, localeOf(socket.handshake.headers), appError.params),
          };
          next(refusal);
        },
      );
  });

  io.on("connection", (socket) => {
    const { user, familyId } = socket.data;
    const rooms = [personalRoom(user.id), signInRoom(familyId), ...(user.role === "admin" ? [ADMINS_ROOM] : [])];
    void socket.join(rooms);
    expireWithToken(socket, clock);
    socket.on("disconnect", () => leave(socket));
  });

  // Open sockets would keep the HTTP server from closing; they go first, their disconnect work is awaited.
  app.addHook("preClose", async () => {
    io.local.disconnectSockets(true);
    await Promise.all(pending);
  });
  app.addHook("onClose", async () => {
    io.engine.close();
    await presence.close();
    await Promise.all(redisClients.map((client) => client.close()));
  });

  return {
    io,
    presence,
    onPresenceChange: (listener) => void listeners.push(listener),
    // The HTTP answer's detail, field messages in the socket's language too.
    socketError: (socket, error) => errorResponseBody(toAppError(error), socket.data.locale).detail,
    disconnectUser: (userId, reason) => {
      const room = io.in(personalRoom(userId));
      // A broadcast has no one language; the client shows its own translation of the code (STYLE.md convention 3).
      if (reason) room.emit("session_expired", { error_code: reason, error_message: errorText(reason, "en") });
      // Through the adapter, so sockets on other instances go too; the event above is flushed before each closes.
      room.disconnectSockets(true);
    },
    endSignIns: (familyIds) => {
      if (familyIds.length === 0) return;
      const rooms = io.in(familyIds.map(signInRoom));
      rooms.emit("session_expired", {
        error_code: "TOKEN_IS_REVOKED",
        error_message: errorText("TOKEN_IS_REVOKED", "en"),
      });
      rooms.disconnectSockets(true);
    },
  };
}

/**
 * The Redis adapter relays room broadcasts between instances over pub/sub; it needs a client of each kind.
 * Without Redis an instance still delivers to its own sockets (the adapter emits locally either way), and the
 * subscriber subscribes again when Redis is back. No offline queue: what is broadcast during an outage is lost
 * to the other instances at once instead of piling up in memory and reaching them minutes late.
 */
async function connectAdapter(io: RealtimeServer, url: string, app: FastifyInstance) {
  const pub = createClient({ url, disableOfflineQueue: true });
  const sub = pub.duplicate();
  for (const client of [pub, sub])
    client.on("error", (error: unknown) => app.log.error({ err: error }, "socket adapter Redis connection error"));
  await Promise.all([pub.connect(), sub.connect()]);
  // The adapter never awaits a publish; a refused one would be an unhandled rejection, which ends the process.
  const publish = pub.publish.bind(pub);
  Object.assign(pub, {
    publish: (...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch((error: unknown) => app.log.warn({ err: error }, "socket broadcast not relayed to other instances"));
      return sent;
    },
  });
  io.adapter(createAdapter(pub, sub));
  return [pub, sub];
}

/** The access cookie of the handshake, checked like every guarded request: no cookie, bad token or a ban refuse it. */
async function authenticateHandshake(app: FastifyInstance, socket: RealtimeSocket): Promise<void> {
  const header = socket.handshake.headers.cookie;
  const token = header ? app.parseCookie(header)[app.authCookies.access] : undefined;
  if (!token) throw new AppError("TOKEN_NOT_FOUND");
  const { user, isBanned, familyId, expiresAtMs } = await app.authenticator.authenticate(token);
  if (isBanned) throw new AppError("USER_IS_BANNED");
  socket.data = { user, familyId, locale: localeOf(socket.handshake.headers), tokenExpiresAtMs: expiresAtMs };
}

/**
 * The socket lives no longer than its access token (ARCHITECTURE.md §6): when it runs out the client is told
 * `session_expired` and disconnected; it refreshes its tokens once and connects again.
 */
function expireWithToken(socket: RealtimeSocket, clock: Clock): void {
  const remainingMs = socket.data.tokenExpiresAtMs - clock().getTime();
  const timer = setTimeout(
    () => {
      socket.emit("session_expired", {
        error_code: "TOKEN_IS_EXPIRED",
        error_message: errorText("TOKEN_IS_EXPIRED", socket.data.locale),
      });
      socket.disconnect(true);
    },
    Math.max(0, remainingMs),
  );
  timer.unref();
  socket.on("disconnect", () => clearTimeout(timer));
}

function localeOf(headers: IncomingHttpHeaders): Locale {
  return headers["accept-language"]?.trim().toLowerCase().startsWith("ru") ? "ru" : "en";
}

/**
 * A browser's handshake from another origin is refused unless that origin is configured (the app's own host is
 * always allowed); clients that are not browsers send no Origin.
 */
function isAllowedOrigin(headers: IncomingHttpHeaders, configured: ReadonlySet<string>): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return configured.has(url.origin.toLowerCase()) || url.host.toLowerCase() === headers.host?.toLowerCase();
  } catch {
    return false;
  }
}

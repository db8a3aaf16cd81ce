import type { Clock } from "../time/clock.js";
import type { Authentication } from "./authenticator.js";

/*
 * Who is behind each access token, kept in memory (issue 24): every signed-in request would otherwise verify the
 * token's signature and read its session and user, the larger part of what a signed-in read costs. An entry lives
 * until its token expires, a safety-net TTL passes, or the user's sign-in state changes (sessions.events.ts, and
 * over Redis from the other instances), so a sign-out, a rotation or a ban still stops a token at once.
 */

/**
 * What no signal covers: a message lost while Redis was unreachable (a reconnect empties the cache). Short,
 * because it bounds how long a token revoked on another instance could still pass.
 */
const TTL_MS = 30_000;
/** An entry is a token (some 250 bytes) and its user: 20,000 signed-in clients in some 10 MB. */
const MAX_ENTRIES = 20_000;

export type AuthenticationCache = {
  /** The cached authentication of `token`, else `load`'s, loaded once for every caller that asks meanwhile. */
  get(token: string, load: () => Promise<Authentication>): Promise<Authentication>;
  /** Forgets every token of one user, or, without one, every token. */
  forget(userId?: string): void;
};

type Entry = { authentication: Authentication; storedAt: number };

export function createAuthenticationCache(clock: Clock): AuthenticationCache {
  const entries = new Map<string, Entry>();
  const tokensOfUser = new Map<string, Set<string>>();
  const running = new Map<string, Promise<Authentication>>();
  // A load that ran across a change may have read the state before it: handed to its callers, never stored.
  let generation = 0;

  const remove = (token: string) => {
    const entry = entries.get(token);
    if (entry === undefined) return;
    entries.delete(token);
    const tokens = tokensOfUser.get(entry.authentication.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOfUser.delete(entry.authentication.user.id);
  };

  const store = (token: string, authentication: Authentication) => {
    if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
    entries.set(token, { authentication, storedAt: clock().getTime() });
    const userId = authentication.user.id;
    tokensOfUser.set(userId, (tokensOfUser.get(userId) ?? new Set()).add(token));
  };

  /** A live entry: its token not yet expired (as jose counts, in whole seconds) and within the TTL. */
  const lookup = (token: string): Authentication | undefined => {
    const entry = entries.get(token);
    if (entry === undefined) return undefined;
    const now = clock().getTime();
    if (Math.floor(now / 1000) * 1000 < entry.authentication.expiresAtMs && now - entry.storedAt < TTL_MS)
      return entry.authentication;
    remove(token);
    return undefined;
  };

  return {
    get(token, load) {
      const hit = lookup(token);
      if (hit !== undefined) return Promise.resolve(hit);
      const shared = running.get(token);
      if (shared !== undefined) return shared;
      const startedIn = generation;
      const loading = load()
        .then((authentication) => {
          if (startedIn === generation) store(token, authentication);
          return authentication;
        })
        .finally(() => {
          if (running.get(token) === loading) running.delete(token);
        });
      running.set(token, loading);
      return loading;
    },
    forget(userId) {
      generation += 1;
      running.clear();
      if (userId === undefined) {
        entries.clear();
        tokensOfUser.clear();
        return;
      }
      for (const token of tokensOfUser.get(userId) ?? []) remove(token);
    },
  };
}

import type { SignInSession } from "@lootlane/contract";
import { and, asc, eq, gt, inArray, isNull, min } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sessions } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/authenticator.js";
import { sessionsChanged } from "../../platform/auth/sessions.events.js";
import { revokeFamily } from "../../platform/auth/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { AuthDeps } from "./auth.context.js";
import { describeUserAgent, placeOfAddress } from "./auth-devices.presenter.js";

/*
 * Sessions you can see (issue 22): one row per sign-in (session family). A refresh adds a generation and revokes
 * the one before, so the newest live generation holds where and with what the sign-in was last used.
 */

/** The user's live sign-ins: the one making the request first, then the most recently active. */
export async function listSignIns(deps: Pick<AuthDeps, "db" | "clock">, user: AuthUser): Promise<SignInSession[]> {
  const now = deps.clock();
  const live = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt));
  if (live.length === 0) return [];
  const newest = new Map(live.map((row) => [row.familyId, row]));
  const started = await deps.db
    .select({ familyId: sessions.familyId, at: min(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), inArray(sessions.familyId, [...newest.keys()])))
    .groupBy(sessions.familyId);
  const startedAt = new Map(started.map((row) => [row.familyId, row.at]));
  const currentFamily = live.find((row) => row.id === user.sessionId)?.familyId;
  return [...newest.values()]
    .map((row) => ({
      id: row.familyId,
      current: row.familyId === currentFamily,
      ...describeUserAgent(row.userAgent),
      place: placeOfAddress(row.ip),
      last_active_at: row.createdAt.toISOString(),
      signed_in_at: (startedAt.get(row.familyId) ?? row.createdAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_active_at.localeCompare(a.last_active_at));
}

/**
 * "Sign out this one": ends one of the user's own sign-ins and closes its sockets. Another user's sign-in, or
 * one already ended, answers SESSION_NOT_FOUND, so ids of others' sessions cannot be probed. Answers whether it
 * was the sign-in making the request, whose cookies are then useless.
 */
export async function endSignIn(deps: AuthDeps, user: AuthUser, familyId: string): Promise<boolean> {
  const now = deps.clock();
  const ended = await deps.db.transaction(async (tx: Db) => {
    const [live] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          eq(sessions.familyId, familyId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .limit(1);
    if (!live) return undefined;
    const [current] = await tx
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(eq(sessions.id, user.sessionId))
      .limit(1);
    await revokeFamily(tx, familyId, now);
    return { wasCurrent: current?.familyId === familyId };
  });
  if (!ended) throw new AppError("SESSION_NOT_FOUND");
  sessionsChanged(deps.db, user.id);
  deps.realtime.endSignIns([familyId]);
  return ended.wasCurrent;
}

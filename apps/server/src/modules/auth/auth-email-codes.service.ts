import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_MINUTES,
  type ErrorCode,
  type ErrorParams,
  type Locale,
} from "@lootlane/contract";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailCodes, type EmailCodePurpose } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { AuthDeps } from "./auth.context.js";
import { codeMail } from "./auth.mail.js";

/*
 * E-mail codes (ARCHITECTURE.md §4 "Accounts"): 6 random digits, valid 10 minutes, at most 5 wrong tries,
 * a new one at most every 60 s. One live code per (e-mail, purpose): a new code replaces the old one and its
 * tries. Codes are stored as HMAC-SHA256 keyed with the server secret: a slow hash is not needed for something
 * that expires in minutes after five guesses, and without the key a leaked row cannot be brute-forced offline.
 */

const TTL_MS = VERIFICATION_CODE_TTL_MINUTES * 60_000;
const RESEND_MS = VERIFICATION_CODE_RESEND_SECONDS * 1000;

export type CodeTarget = { email: string; purpose: EmailCodePurpose };
/** What a code confirms besides its target, e.g. the new address of an e-mail change. */
export type CodePayload = Record<string, unknown>;
export type IssuedCode = { id: string; code: string };

function hashCode(secret: string, { email, purpose }: CodeTarget, code: string): string {
  return createHmac("sha256", secret).update(`email-code\n${purpose}\n${email}\n${code}`).digest("hex");
}

/**
 * Starts a new code for the target, or refuses VERIFICATION_CODE_RESEND_TOO_SOON within the resend interval.
 * With `deliverable: false` the row holds the hash of a secret nobody knows, so a password reset for an
 * unknown e-mail behaves like one for a known e-mail (same answers, same limits) without a working code.
 */
export async function issueCode(
  deps: AuthDeps,
  target: CodeTarget,
  deliverable: boolean,
  payload?: CodePayload,
): Promise<IssuedCode> {
  const now = deps.clock();
  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const stored = deliverable ? code : randomBytes(32).toString("hex");
  return deps.db.transaction(async (tx) => {
    const sameTarget = and(eq(emailCodes.email, target.email), eq(emailCodes.purpose, target.purpose));
    const [latest] = await tx
      .select({ lastSentAt: emailCodes.lastSentAt })
      .from(emailCodes)
      .where(sameTarget)
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for("update");
    const waitMs = latest ? latest.lastSentAt.getTime() + RESEND_MS - now.getTime() : 0;
    if (waitMs > 0) throw new AppError("VERIFICATION_CODE_RESEND_TOO_SOON", { retry_after: Math.ceil(waitMs / 1000) });

    await tx.delete(emailCodes).where(sameTarget);
    const [row] = await tx
      .insert(emailCodes)
      .values({
        ...target,
        payload,
        codeHash: hashCode(deps.jwtSecret, target, stored),
        expiresAt: new Date(now.getTime() + TTL_MS),
        lastSentAt: now,
        createdAt: now,
      })
      .returning({ id: emailCodes.id });
    return { id: row!.id, code };
  });
}

/**
 * Mails an issued code in the request's language, to the target's address unless `to` names another (an e-mail
 * change's code goes to the new address). If the mail cannot be handed over, the code is deleted (so nothing
 * usable is left and the next request is not "too soon") and the call answers 502.
 */
export async function mailCode(
  deps: AuthDeps,
  target: CodeTarget,
  issued: IssuedCode,
  locale: Locale,
  to = target.email,
): Promise<void> {
  try {
    await deps.mailer.send({ to, ...codeMail(target.purpose, locale, issued.code) });
  } catch (error) {
    deps.log.warn({ err: error, purpose: target.purpose }, "could not mail a verification code");
    await deps.db.delete(emailCodes).where(eq(emailCodes.id, issued.id));
    throw new AppError("FAILED_TO_SEND_VERIFICATION_CODE", {}, { cause: error });
  }
}

type CodeCheck = { ok: true; codeId: string; payload: CodePayload | null } | { ok: false; error: AppError };

const failed = (code: ErrorCode, params?: ErrorParams): CodeCheck => ({ ok: false, error: new AppError(code, params) });

async function checkCode(tx: Db, deps: AuthDeps, target: CodeTarget, code: string, now: Date): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(emailCodes)
    .where(
      and(eq(emailCodes.email, target.email), eq(emailCodes.purpose, target.purpose), isNull(emailCodes.consumedAt)),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    // Locked, so parallel guesses are counted one after another and none slips past the limit.
    .for("update");
  if (!row) return failed("WRONG_VERIFICATION_CODE");
  // Checked first: once the tries are used up even the right code is refused until a new one is requested.
  if (row.tries >= VERIFICATION_CODE_MAX_TRIES) {
    return failed("EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED", { max_tries: VERIFICATION_CODE_MAX_TRIES });
  }
  if (row.expiresAt.getTime() <= now.getTime()) return failed("VERIFICATION_CODE_EXPIRED");
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(hashCode(deps.jwtSecret, target, code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await tx
      .update(emailCodes)
      .set({ tries: sql`${emailCodes.tries} + 1` })
      .where(eq(emailCodes.id, row.id));
    return failed("WRONG_VERIFICATION_CODE");
  }
  return { ok: true, codeId: row.id, payload: row.payload };
}

/**
 * Checks a code and, when it is right, runs `act` in the same transaction (using the code up if `consume`).
 * A wrong code still commits, because its try must count, and then throws the check's error; an error thrown
 * by `act` rolls everything back and leaves the code as it was.
 */
export async function withCheckedCode<T>(
  deps: AuthDeps,
  target: CodeTarget,
  code: string,
  options: { consume: boolean },
  act: (tx: Db, now: Date, payload: CodePayload | null) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await checkCode(tx, deps, target, code, now);
    if (!check.ok) return check;
    const value = await act(tx, now, check.payload);
    if (options.consume) await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, check.codeId));
    return { ok: true as const, value };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

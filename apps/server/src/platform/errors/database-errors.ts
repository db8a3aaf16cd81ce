/*
 * Recognises "the database cannot be reached" by the error's shape, for both drivers, so the API answers
 * 503 DATABASE_ERROR (retry later) instead of 500 (our bug). Query errors such as a broken constraint are
 * not connectivity failures and stay 500 unless a service turns them into a domain code.
 */

const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

// SQLSTATE: class 08 connection exception; server shutting down or starting; too many connections.
const unavailableSqlStates = /^(08...|57P0[1-3]|53300)$/;

// node-postgres and pg-pool report a lost or unusable connection with these plain messages; PGlite says it is
// closed or closing.
const unavailableMessages = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/,
];

/** True when the error, or any error it wraps (Drizzle wraps driver errors as `cause`), is a lost database. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && (networkCodes.has(code) || unavailableSqlStates.test(code))) return true;
  if (typeof message === "string" && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The constraint a unique violation (SQLSTATE 23505) broke, found in the error or any error it wraps. */
export function violatedUniqueConstraint(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 5) return undefined;
  const { code, constraint, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (code === "23505" && typeof constraint === "string") return constraint;
  return violatedUniqueConstraint(cause, depth + 1);
}

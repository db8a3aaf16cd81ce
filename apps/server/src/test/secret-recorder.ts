import { appendFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { testRunDir } from "./test-run-dir.js";

/** A value a test used that must never reach a log: a password, a code, a token, product data or a server secret. */
export type RecordedSecret = { kind: string; value: string };

/**
 * Request and response fields (SPEC.md) whose values are secrets, wherever they appear in a body; `destination`
 * is where a withdrawal goes (a card number, a phone); `stock_items`, a deal's `items` and a stock unit's `item`
 * are units of goods.
 */
const SECRET_FIELDS = new Set([
  "password",
  "current_password",
  "new_password",
  "code",
  "email_code",
  "product_data",
  "product_data_string",
  "destination",
  "stock_items",
  "items",
  "item",
  // Issue 25: a personal access token, a webhook's signing secret (and a second factor's, which was left out).
  "token",
  "secret",
]);

/** A secret field's value: a list of units is recorded unit by unit (one line, one array entry), as one is logged. */
function recordField(field: string, value: unknown): void {
  if (Array.isArray(value)) for (const entry of value) recordField(field, entry);
  else if (field === "stock_items" && typeof value === "string")
    for (const line of value.split(/\r?\n/)) recordSecret(field, line.trim());
  else recordSecret(field, value);
}

/**
 * Values this short are skipped: "secret" fields also carry fuzz and validation values such as "", "x" or
 * "12345", which occur in log lines by chance (ids, numbers, words) and would only raise false alarms. Every
 * real secret of the suites is longer: codes have 6 digits, passwords at least 8 characters.
 */
const MIN_LENGTH = 6;

/**
 * Longer values are kept as their first 256 characters: a logged secret contains that prefix too, and the
 * fuzzing suites send megabyte strings that would otherwise bloat the record and the check.
 */
const MAX_LENGTH = 256;

const recorded = new Set<string>();

/**
 * Remembers a secret in this test run's directory (see test-run-dir.ts), one file per process, so the check
 * after the suites can look for it in every captured log. Outside such a run it does nothing.
 */
export function recordSecret(kind: string, value: unknown): void {
  const runDir = testRunDir();
  if (!runDir || typeof value !== "string" || value.length < MIN_LENGTH) return;
  const kept = value.slice(0, MAX_LENGTH);
  const key = `${kind}\0${kept}`;
  if (recorded.has(key)) return;
  recorded.add(key);
  const directory = path.join(runDir, "secrets");
  mkdirSync(directory, { recursive: true });
  appendFileSync(
    path.join(directory, `${process.pid}.jsonl`),
    `${JSON.stringify({ kind, value: kept } satisfies RecordedSecret)}\n`,
  );
}

/** Every secret field of a request or response body: JSON (parsed or not), multipart text, URLSearchParams or FormData. */
export function recordBodySecrets(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    const text = body.toString();
    if (recordMultipartSecrets(text)) return;
    try {
      recordBodySecrets(JSON.parse(text) as unknown);
    } catch {
      // neither multipart nor JSON: a body without fields
    }
    return;
  }
  if (body instanceof FormData)
    return body.forEach((value, field) => SECRET_FIELDS.has(field) && recordField(field, value));
  if (body instanceof URLSearchParams)
    return body.forEach((value, field) => SECRET_FIELDS.has(field) && recordField(field, value));
  if (typeof body !== "object") return;
  for (const [field, value] of Object.entries(body)) {
    if (SECRET_FIELDS.has(field)) recordField(field, value);
    else if (typeof value === "object") recordBodySecrets(value);
  }
}

/** Text parts of a multipart/form-data body; false when the text is not one. */
function recordMultipartSecrets(text: string): boolean {
  const boundary = /^--([^\r\n]+)\r\n/.exec(text)?.[1];
  if (!boundary) return false;
  for (const part of text.split(`--${boundary}`)) {
    const match = /^\r\nContent-Disposition: form-data; name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/i.exec(part);
    if (match && SECRET_FIELDS.has(match[1]!)) recordField(match[1]!, match[2]);
  }
  return true;
}

/** The values of `Set-Cookie` headers: the session tokens. */
export function recordCookieSecrets(setCookies: readonly string[]): void {
  for (const line of setCookies) {
    const pair = line.split(";")[0] ?? "";
    const separator = pair.indexOf("=");
    if (separator > 0) recordSecret(`cookie ${pair.slice(0, separator)}`, pair.slice(separator + 1));
  }
}

/** Every secret recorded in the run directory, by any process. */
export function readRecordedSecrets(runDir: string): RecordedSecret[] {
  const directory = path.join(runDir, "secrets");
  let files: string[];
  try {
    files = readdirSync(directory);
  } catch {
    return [];
  }
  const secrets = new Map<string, RecordedSecret>();
  for (const file of files) {
    for (const line of readFileSync(path.join(directory, file), "utf8").split("\n")) {
      if (!line) continue;
      const secret = JSON.parse(line) as RecordedSecret;
      secrets.set(`${secret.kind}\0${secret.value}`, secret);
    }
  }
  return [...secrets.values()];
}

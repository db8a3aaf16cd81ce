import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readRecordedSecrets, type RecordedSecret } from "./secret-recorder.js";

/** A recorded secret found in a captured log. */
export type LeakedSecret = { file: string; line: number; kind: string; excerpt: string };

/** Every secret the secret recorder saw is at least this long, so it is the length of the window searched. */
const WINDOW = 6;

/**
 * Looks for every secret recorded in the run directory in every log captured under its logs/ directory, and
 * answers where each one appears. Logs of apps that opted out of recording (unscanned-logs/, see log-capture.ts)
 * are left out: their inputs are generated junk in every field, which may equal another test's code by chance. A JSON log line is searched in its string values only: numbers such as `time` and
 * `responseTime` are full of digit runs that would match a 6-digit code by chance, and no secret is a number.
 */
export function findLeakedSecrets(runDir: string): LeakedSecret[] {
  const index = indexSecrets(readRecordedSecrets(runDir));
  if (index.size === 0) return [];
  const directory = path.join(runDir, "logs");
  let files: string[];
  try {
    files = readdirSync(directory).sort();
  } catch {
    return [];
  }
  const leaks: LeakedSecret[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(directory, file), "utf8").split("\n");
    lines.forEach((line, number) => {
      const text = searchableText(line);
      for (const secret of secretsIn(text, index))
        leaks.push({ file, line: number + 1, kind: secret.kind, excerpt: maskedExcerpt(text, secret) });
    });
  }
  return leaks;
}

/** One line per leak, the secret itself masked, for the failure message. */
export function describeLeaks(leaks: readonly LeakedSecret[]): string {
  return leaks.map((leak) => `  - ${leak.file}:${leak.line}: a ${leak.kind} appears in: ${leak.excerpt}`).join("\n");
}

type SecretIndex = Map<number, RecordedSecret[]>;

/** Secrets by the hash of their first WINDOW characters, so a log is scanned once with a rolling hash. */
function indexSecrets(secrets: readonly RecordedSecret[]): SecretIndex {
  const index: SecretIndex = new Map();
  for (const secret of secrets) {
    if (secret.value.length < WINDOW) continue;
    const hash = windowHash(secret.value, 0);
    index.set(hash, [...(index.get(hash) ?? []), secret]);
  }
  return index;
}

const BASE = 257;
const TOP = BASE ** (WINDOW - 1);

function windowHash(text: string, start: number): number {
  let hash = 0;
  for (let i = start; i < start + WINDOW; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

function secretsIn(text: string, index: SecretIndex): RecordedSecret[] {
  const found = new Set<RecordedSecret>();
  if (text.length < WINDOW) return [];
  let hash = windowHash(text, 0);
  for (let start = 0; ; start++) {
    for (const secret of index.get(hash) ?? []) if (occursAt(text, start, secret.value)) found.add(secret);
    if (start + WINDOW >= text.length) break;
    hash = (Math.imul(hash - Math.imul(text.charCodeAt(start), TOP), BASE) + text.charCodeAt(start + WINDOW)) | 0;
  }
  return [...found];
}

/**
 * A digits-only secret (a verification code) counts only as a whole number, not as part of a longer run of
 * letters and digits such as an id; any other secret counts wherever it appears.
 */
function occursAt(text: string, start: number, value: string): boolean {
  if (!text.startsWith(value, start)) return false;
  if (!/^\d+$/.test(value)) return true;
  const alphanumeric = /[0-9a-z]/i;
  return !alphanumeric.test(text[start - 1] ?? "") && !alphanumeric.test(text[start + value.length] ?? "");
}

/**
 * Whether the text holds a number that a mailed code could be (six digits standing alone, as occursAt counts a
 * code; codes are `000000` to `999999`). Generated inputs that are logged avoid them, so they can never be
 * mistaken for another test's code (fuzz-values.ts).
 */
export function holdsCodeLikeNumber(text: string): boolean {
  return /(?<![0-9a-z])\d{6}(?![0-9a-z])/i.test(text);
}

function searchableText(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    return stringsOf(JSON.parse(line) as unknown).join("\n");
  } catch {
    return line;
  }
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}

/**
 * The searched text around the secret, cut to a readable length, with the secret replaced by its kind and
 * length: the report must not leak it a second time.
 */
function maskedExcerpt(text: string, secret: RecordedSecret): string {
  const mask = `[${secret.kind}: ${secret.value.length} characters]`;
  const masked = text.split(secret.value).join(mask).replaceAll("\n", " | ");
  const at = Math.max(0, masked.indexOf(mask) - 120);
  return `${at > 0 ? "…" : ""}${masked.slice(at, at + 300)}${at + 300 < masked.length ? "…" : ""}`;
}

import { appendFileSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { testRunDir } from "./test-run-dir.js";

/**
 * The level test apps log at: debug, one below production's info, so the check sees everything the app would
 * log in production plus its diagnostics; request bodies are not logged at any level.
 */
export const TEST_LOG_LEVEL = "debug";

/**
 * Whether a log is checked for the recorded secrets. An app that records no secrets (TestAppOptions) logs
 * apart, in unscanned-logs/: it sends generated junk in every field, URLs included, and the check would take a
 * junk number that equals another test's mailed code for a leak. Its log is kept for inspection all the same.
 */
export type LogScan = { scanned?: boolean };

/**
 * A new file in the run's logs/ directory, or unscanned-logs/ (undefined outside a run); `name` says which
 * server wrote it.
 */
export function newLogFile(name: string, { scanned = true }: LogScan = {}): string | undefined {
  const runDir = testRunDir();
  if (!runDir) return undefined;
  const directory = path.join(runDir, scanned ? "logs" : "unscanned-logs");
  mkdirSync(directory, { recursive: true });
  return path.join(directory, `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.log`);
}

/** Appends to a log file synchronously, so nothing is lost when the process ends without closing it. */
export function appendToLog(file: string, text: string): void {
  appendFileSync(file, text);
}

/**
 * Longer lines are cut here. inject hands the app URLs of any length (the fuzzing suites send megabyte
 * paths), which a real server never sees: Node refuses a request head over 16 KB before the app logs it.
 */
const MAX_LINE = 64 * 1024;

type LogStream = { write(line: string): void };

/** One open log per process and kind, whichever test file asks (test files may share a process). */
const inProcessLogs = new Map<string, LogStream>();

/**
 * The Fastify logger of in-process test apps: pino at TEST_LOG_LEVEL into one file per test process (and per
 * LogScan), written synchronously (a crashed or killed worker keeps every line it logged). Silent outside a run.
 */
export function testAppLogger(scan: LogScan = {}): { level: string; stream: LogStream } | { level: "silent" } {
  const runDir = testRunDir();
  if (!runDir) return { level: "silent" };
  const key = `${runDir}\0${scan.scanned ?? true}`;
  let stream = inProcessLogs.get(key);
  if (!stream) {
    const fd = openSync(newLogFile("in-process-app", scan)!, "a");
    stream = {
      write: (line) =>
        void writeSync(
          fd,
          line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}… (${line.length - MAX_LINE} more characters)\n` : line,
        ),
    };
    inProcessLogs.set(key, stream);
  }
  return { level: TEST_LOG_LEVEL, stream };
}

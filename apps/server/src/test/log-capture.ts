import { appendFileSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { testRunDir } from "./test-run-dir.js";

/**
 * The level test apps log at: debug, one below production's info, so the check sees everything the app would
 * log in production plus its diagnostics; request bodies are not logged at any level.
 */
export const TEST_LOG_LEVEL = "debug";

/** A new file in the run's logs/ directory (undefined outside a run); `name` says which server wrote it. */
export function newLogFile(name: string): string | undefined {
  const runDir = testRunDir();
  if (!runDir) return undefined;
  const directory = path.join(runDir, "logs");
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

let inProcessLog: { write(line: string): void } | undefined;

/**
 * The Fastify logger of in-process test apps: pino at TEST_LOG_LEVEL into one file per test process, written
 * synchronously (a crashed or killed worker keeps every line it logged). Silent outside a run.
 */
export function testAppLogger(): { level: string; stream: { write(line: string): void } } | { level: "silent" } {
  if (!inProcessLog) {
    const file = newLogFile("in-process-app");
    if (!file) return { level: "silent" };
    const fd = openSync(file, "a");
    inProcessLog = {
      write: (line) =>
        void writeSync(
          fd,
          line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}… (${line.length - MAX_LINE} more characters)\n` : line,
        ),
    };
  }
  return { level: TEST_LOG_LEVEL, stream: inProcessLog };
}

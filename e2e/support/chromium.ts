import { existsSync } from "node:fs";

/** Debian's Chromium; CHROMIUM_PATH overrides it. Undefined when the machine has none. */
export const chromiumPath: string | undefined = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
  (candidate): candidate is string => !!candidate && existsSync(candidate),
);

export const skipReason = chromiumPath
  ? undefined
  : "browser journeys skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)";

// The flags keep Chromium from reaching out to the network this machine does not have.
export const chromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

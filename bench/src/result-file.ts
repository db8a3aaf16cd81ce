import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../results");

/**
 * Writes a run's report to `bench/results/<date>-<kind>.md`, or `-2`, `-3`… when a run of the same day is already
 * there: an earlier result is evidence cited in docs and closing notes, so a later run never replaces it.
 */
export async function writeResult(kind: string, report: string): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  for (let run = 1; ; run += 1) {
    const file = path.join(resultsDir, `${date}-${kind}${run === 1 ? "" : `-${run}`}.md`);
    // "wx" fails when the file exists, so two runs finishing at once cannot take the same name.
    const written = await writeFile(file, `${report}\n`, { flag: "wx" }).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "EEXIST") return false;
        throw error;
      },
    );
    if (!written) continue;
    return file;
  }
}

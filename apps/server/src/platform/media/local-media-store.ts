import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertMediaKey, contentTypeForKey } from "./media-key.js";
import type { MediaStore } from "./media-store.js";

/** Media as files under `<dataDir>/media/<key>`; the content type follows from the key's extension. */
export function createLocalMediaStore(dataDir: string): MediaStore {
  const root = path.join(dataDir, "media");
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file. Dot-names are never valid keys.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .sort();
    },
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

import type { Config } from "../../config.js";
import { createLocalMediaStore } from "./local-media-store.js";
import { createS3MediaStore } from "./s3-media-store.js";

/** Where uploaded and seeded images live; keys are validated by assertMediaKey. */
export interface MediaStore {
  kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when no object has this key. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  list?(): Promise<string[]>;
}

/** S3 when it is configured, else files under `<dataDir>/media`. */
export function createMediaStore(config: Pick<Config, "dataDir" | "s3">): MediaStore {
  return config.s3 ? createS3MediaStore(config.s3) : createLocalMediaStore(config.dataDir);
}

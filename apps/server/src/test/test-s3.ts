import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../config.js";

export type TestS3Server = {
  /** The S3 settings of the media store (S3_ENDPOINT, S3_BUCKET, … as loadConfig reads them). */
  config: S3Config;
  /** `METHOD /path` of every request the server received, oldest first. */
  requests: string[];
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a random local port with one empty bucket, keeping its objects in a
 * temporary directory that close() deletes. s3rver checks request signatures against its fixed key pair, so
 * the config carries that pair.
 */
export async function startTestS3Server(bucket = "lootlane-media"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "lootlane-s3-"));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const requests: string[] = [];
  try {
    await s3rver.configureBuckets();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  // Our own HTTP server in front of s3rver's handler (what its run() would do), so the requests can be recorded.
  const handle = s3rver.callback();
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${new URL(request.url ?? "/", "http://s3").pathname}`);
    handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      accessKey: "S3RVER",
      secretKey: "S3RVER",
      publicUrl: undefined,
    },
    requests,
    close: async () => {
      // The SDK keeps connections alive, and close() alone would wait for them to time out.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

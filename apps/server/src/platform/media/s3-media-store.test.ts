import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaStore, type MediaStore } from "./media-store.js";

/** Just enough of the S3 REST API (path-style, one bucket) to see what the store sends and how it reads answers. */
function fakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const paths: string[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    paths.push(`${request.method} ${url.pathname}`);
    const key = decodeURIComponent(url.pathname.slice(`/${bucket}/`.length));
    if (request.method === "PUT") {
      objects.set(key, { body: await readBody(request), contentType: request.headers["content-type"] ?? "" });
      response.end();
    } else if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204).end();
    } else if (url.searchParams.get("list-type") === "2") {
      const contents = [...objects.keys()].map((k) => `<Contents><Key>${k}</Key></Contents>`).join("");
      response.writeHead(200, { "content-type": "application/xml" });
      response.end(`<ListBucketResult><Name>${bucket}</Name><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
    } else if (objects.has(key)) {
      const object = objects.get(key)!;
      response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length }).end(object.body);
    } else {
      response.writeHead(404, { "content-type": "application/xml" });
      response.end("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>");
    }
  });
  return { server, objects, paths };
}

const fake = fakeS3("lootlane-media");
let server: Server;
let store: MediaStore;

beforeAll(async () => {
  server = fake.server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const s3 = { endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", bucket: "lootlane-media", accessKey: "key", secretKey: "secret", publicUrl: undefined };
  store = createMediaStore({ dataDir: "/nonexistent", s3 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("S3 media store", () => {
  it("puts, gets, lists and removes objects in the bucket by path", async () => {
    expect(store.kind).toBe("s3");
    await store.put("products/p1/a.png", Buffer.from("png bytes"), "image/png");
    expect(fake.objects.get("products/p1/a.png")).toEqual({ body: Buffer.from("png bytes"), contentType: "image/png" });
    expect(fake.paths).toContain("PUT /lootlane-media/products/p1/a.png");

    expect(await store.get("products/p1/a.png")).toEqual({ body: Buffer.from("png bytes"), contentType: "image/png" });
    expect(await store.list?.()).toEqual(["products/p1/a.png"]);

    await store.remove("products/p1/a.png");
    expect(fake.objects.size).toBe(0);
  });

  it("answers null for a missing key", async () => {
    expect(await store.get("missing.png")).toBeNull();
  });

  it("refuses invalid keys before calling S3", async () => {
    const before = fake.paths.length;
    await expect(store.put("../escape.png", Buffer.from("x"), "image/png")).rejects.toThrow(/invalid media key/);
    expect(fake.paths.length).toBe(before);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../../test/test-s3.js";
import { createMediaStore, type MediaStore } from "./media-store.js";

let s3: TestS3Server;
let store: MediaStore;

beforeAll(async () => {
  s3 = await startTestS3Server("lootlane-media");
  store = createMediaStore({ dataDir: "/nonexistent", s3: s3.config });
});
afterAll(() => s3?.close());
// Each test starts from an empty bucket, so a listing shows exactly what that test stored.
beforeEach(async () => {
  for (const key of (await store.list?.()) ?? []) await store.remove(key);
});

/** The object as any S3 client sees it at its path-style address, not through the store under test. */
async function objectInBucket(key: string) {
  const response = await fetch(`${s3.config.endpoint}/lootlane-media/${key}`);
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") };
}

describe("S3 media store", () => {
  it("puts, gets, lists and removes objects in the bucket by path", async () => {
    expect(store.kind).toBe("s3");
    await store.put("products/p1/a.png", Buffer.from("png bytes"), "image/png");
    expect(await objectInBucket("products/p1/a.png")).toEqual({
      body: Buffer.from("png bytes"),
      contentType: "image/png",
    });
    expect(s3.requests).toContain("PUT /lootlane-media/products/p1/a.png");

    expect(await store.get("products/p1/a.png")).toEqual({ body: Buffer.from("png bytes"), contentType: "image/png" });
    expect(await store.list?.()).toEqual(["products/p1/a.png"]);

    await store.remove("products/p1/a.png");
    expect(await objectInBucket("products/p1/a.png")).toBeNull();
    expect(await store.list?.()).toEqual([]);
  });

  it("keeps the content type given, overwrites, and lists every key sorted", async () => {
    await store.put("avatars/u1.jpg", Buffer.from("jpeg bytes"), "image/jpeg");
    await store.put("products/p2/b.png", Buffer.from("one"), "image/png");
    await store.put("products/p2/b.png", Buffer.from("two"), "image/png");
    await store.put("categories/c1.webp", Buffer.from("webp bytes"), "image/webp");

    expect(await store.get("avatars/u1.jpg")).toEqual({ body: Buffer.from("jpeg bytes"), contentType: "image/jpeg" });
    expect(await store.get("products/p2/b.png")).toEqual({ body: Buffer.from("two"), contentType: "image/png" });
    expect((await store.get("categories/c1.webp"))?.contentType).toBe("image/webp");
    expect(await store.list?.()).toEqual(["avatars/u1.jpg", "categories/c1.webp", "products/p2/b.png"]);
  });

  it("answers null for a missing key, and removing one is no error", async () => {
    expect(await store.get("missing.png")).toBeNull();
    await expect(store.remove("missing.png")).resolves.toBeUndefined();
  });

  it("refuses invalid keys before calling S3", async () => {
    const before = s3.requests.length;
    await expect(store.put("../escape.png", Buffer.from("x"), "image/png")).rejects.toThrow(/invalid media key/);
    await expect(store.get("products/.hidden.png")).rejects.toThrow(/invalid media key/);
    await expect(store.remove("Upper/Case.png")).rejects.toThrow(/invalid media key/);
    expect(s3.requests.length).toBe(before);
  });
});

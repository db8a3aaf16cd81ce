import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMediaStore, type MediaStore } from "./media-store.js";

let dataDir: string;
let store: MediaStore;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-media-"));
  store = createMediaStore({ dataDir, s3: undefined });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe("local media store", () => {
  it("keeps objects as files under <dataDir>/media and reads them back with the extension's type", async () => {
    expect(store.kind).toBe("local");
    await store.put("products/p1/a.png", Buffer.from("png bytes"), "image/png");
    await store.put("avatars/u1.jpeg", Buffer.from("jpeg bytes"), "image/jpeg");

    expect(await readFile(path.join(dataDir, "media/products/p1/a.png"), "utf8")).toBe("png bytes");
    expect(await store.get("products/p1/a.png")).toEqual({ body: Buffer.from("png bytes"), contentType: "image/png" });
    expect((await store.get("avatars/u1.jpeg"))?.contentType).toBe("image/jpeg");
    expect(await store.list?.()).toEqual(["avatars/u1.jpeg", "products/p1/a.png"]);
  });

  it("overwrites, removes, and answers null for missing keys", async () => {
    await store.put("a.png", Buffer.from("one"), "image/png");
    await store.put("a.png", Buffer.from("two"), "image/png");
    expect((await store.get("a.png"))?.body.toString()).toBe("two");
    await store.remove("a.png");
    await store.remove("a.png");
    expect(await store.get("a.png")).toBeNull();
    expect(await store.list?.()).toEqual([]);
  });

  it("lists nothing before the first write", async () => {
    expect(await store.list?.()).toEqual([]);
  });

  it("refuses keys that could leave the media root or name hidden files", async () => {
    for (const key of [
      "../secrets.json",
      "a/../../b.png",
      "/etc/passwd",
      "a//b.png",
      "A.png",
      ".hidden",
      "a/.tmp",
      "a b.png",
      "",
    ]) {
      await expect(store.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(/invalid media key/);
      await expect(store.get(key), key).rejects.toThrow(/invalid media key/);
    }
  });
});

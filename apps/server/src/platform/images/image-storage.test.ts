import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testImages } from "../../test/test-images.js";
import { createMediaStore, type MediaStore } from "../media/media-store.js";
import { processImageUpload } from "./image-processing.js";
import { removeStoredImages, storedImageKeys, storeImage } from "./image-storage.js";

let dataDir: string;
let media: MediaStore;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-images-"));
  media = createMediaStore({ dataDir, s3: undefined });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const silentLog = () => ({ warn: vi.fn() });

describe("storeImage", () => {
  it("stores the image and its thumbnail under a new random name in the folder", async () => {
    const processed = await processImageUpload(await testImages.flatPng(900, 600), "map.png");
    const stored = await storeImage(media, processed, "products");

    expect(stored.imageUrl).toMatch(/^\/media\/products\/[0-9a-f-]{36}\.png$/);
    expect(stored.thumbnailUrl).toBe(stored.imageUrl.replace(".png", "-thumb.png"));
    expect(stored.keys).toEqual([stored.imageUrl, stored.thumbnailUrl].map((url) => url.slice("/media/".length)));
    expect(await media.list?.()).toEqual([...stored.keys].sort());

    const [image, thumbnail] = await Promise.all(stored.keys.map((key) => media.get(key)));
    expect(image).toEqual({ body: processed.image.data, contentType: "image/png" });
    expect(thumbnail?.contentType).toBe("image/png");
    expect((await sharp(thumbnail!.body).metadata()).width).toBe(400);

    const again = await storeImage(media, processed, "products");
    expect(again.imageUrl).not.toBe(stored.imageUrl);
  });

  it("names JPEGs .jpg", async () => {
    const stored = await storeImage(media, await processImageUpload(await testImages.jpeg(), "a.jpeg"), "avatars");
    expect(stored.imageUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.jpg$/);
    expect((await media.get(stored.keys[0]!))?.contentType).toBe("image/jpeg");
  });

  it("leaves no file behind when one of the two writes fails", async () => {
    const failingThumbnails: MediaStore = {
      ...media,
      put: async (key, body, contentType) => {
        if (key.includes("-thumb")) throw new Error("disk full");
        await media.put(key, body, contentType);
      },
    };
    const processed = await processImageUpload(await testImages.png(), "a.png");
    await expect(storeImage(failingThumbnails, processed, "avatars")).rejects.toThrow("disk full");
    expect(await media.list?.()).toEqual([]);
  });
});

describe("storedImageKeys", () => {
  it("finds both files of a stored image from its address", async () => {
    const stored = await storeImage(media, await processImageUpload(await testImages.png(), "a.png"), "avatars");
    expect(storedImageKeys(stored.imageUrl)).toEqual(stored.keys);
  });

  it("claims nothing it did not store", () => {
    for (const url of [
      "",
      "/media/seed/products/0123456789abcdef.png",
      "https://example.com/avatars/3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b.png",
      "/media/3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b.png",
      "/media/avatars/../3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b.png",
      "/media/avatars/3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b.gif",
    ]) {
      expect(storedImageKeys(url), url).toEqual([]);
    }
  });
});

describe("removeStoredImages", () => {
  it("removes the files", async () => {
    const stored = await storeImage(media, await processImageUpload(await testImages.png(), "a.png"), "avatars");
    await removeStoredImages(media, stored.keys, silentLog());
    expect(await media.list?.()).toEqual([]);
  });

  it("logs a file it cannot remove instead of failing, and still removes the others", async () => {
    await media.put("avatars/a.png", Buffer.from("a"), "image/png");
    await media.put("avatars/b.png", Buffer.from("b"), "image/png");
    const flaky: MediaStore = {
      ...media,
      remove: async (key) => {
        if (key === "avatars/a.png") throw new Error("store unavailable");
        await media.remove(key);
      },
    };
    const log = silentLog();
    await removeStoredImages(flaky, ["avatars/a.png", "avatars/b.png"], log);
    expect(await media.list?.()).toEqual(["avatars/a.png"]);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ key: "avatars/a.png" }), expect.any(String));
  });
});

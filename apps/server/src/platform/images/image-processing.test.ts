import { IMAGE_MAX_BYTES } from "@lootlane/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EXIF_SECRET, testImages } from "../../test/test-images.js";
import {
  MAX_INPUT_PIXELS,
  MAX_STORED_IMAGE_BYTES,
  MAX_STORED_THUMBNAIL_BYTES,
  processImageUpload,
} from "./image-processing.js";

describe("processImageUpload accepts", () => {
  it("a PNG as a PNG and a JPEG as a JPEG, re-encoded rather than copied", async () => {
    for (const [upload, name, format] of [
      [await testImages.png(64, 48), "shot.png", "png"],
      [await testImages.jpeg(64, 48), "photo.jpg", "jpeg"],
      [await testImages.jpeg(64, 48), "Photo.JPEG", "jpeg"],
    ] as const) {
      const processed = await processImageUpload(upload, name);
      expect(processed.format, name).toBe(format);
      for (const output of [processed.image, processed.thumbnail]) {
        const metadata = await sharp(output.data).metadata();
        expect([metadata.format, metadata.width, metadata.height], name).toEqual([format, 64, 48]);
      }
      expect(processed.image.data.equals(upload), name).toBe(false);
    }
  });

  it("scales the image down to 1600 px on its longest side and makes a 400 px wide thumbnail", async () => {
    const processed = await processImageUpload(await testImages.flatPng(2000, 1000), "wide.png");
    expect(processed.image).toMatchObject({ width: 1600, height: 800 });
    expect(processed.thumbnail).toMatchObject({ width: 400, height: 200 });
    const tall = await processImageUpload(await testImages.flatPng(500, 2400), "tall.png", {
      maxSide: 512,
      thumbnailWidth: 64,
    });
    expect([tall.image.width, tall.image.height]).toEqual([107, 512]);
    expect([tall.thumbnail.width, tall.thumbnail.height]).toEqual([64, 306]);
  });

  it("turns a phone photo upright by its EXIF orientation, then drops every piece of metadata", async () => {
    const upload = await testImages.phoneJpeg();
    const before = await sharp(upload).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([200, 100, 6]);
    expect(before.exif?.includes(EXIF_SECRET)).toBe(true);

    const processed = await processImageUpload(upload, "IMG_0001.jpg");
    for (const output of [processed.image, processed.thumbnail]) {
      const metadata = await sharp(output.data).metadata();
      expect(metadata.width / metadata.height).toBe(0.5);
      expect(metadata.orientation).toBeUndefined();
      expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.icc]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(output.data.includes(EXIF_SECRET)).toBe(false);
      expect(output.data.includes("Lootlane Phone")).toBe(false);
    }
  });

  it("stores a noisy picture, which no encoder can compress, within the stored size bounds", async () => {
    // Noise is the worst case of every encoder: as a 1600 px PNG it would be about 7 MB, as a JPEG about 2 MB.
    for (const [upload, name, format] of [
      [await testImages.noisyPng(1250, 1250), "noise.png", "png"],
      [await testImages.noisyJpeg(1200, 1000), "noise.jpg", "jpeg"],
      [await testImages.noisyPng(400, 1600), "tall-noise.png", "png"],
    ] as const) {
      expect(upload.length, name).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
      const processed = await processImageUpload(upload, name);
      expect(processed.format, name).toBe(format);
      expect(processed.image.data.length, name).toBeLessThanOrEqual(MAX_STORED_IMAGE_BYTES);
      expect(processed.thumbnail.data.length, name).toBeLessThanOrEqual(MAX_STORED_THUMBNAIL_BYTES);
      const metadata = await sharp(processed.image.data).metadata();
      expect([metadata.format, metadata.width, metadata.height], name).toEqual([
        format,
        processed.image.width,
        processed.image.height,
      ]);
    }
  });

  it("a picture of exactly the pixel limit as far as size goes", async () => {
    // 8000×5000 is the limit itself: refused only because its pixel data is missing, not for its size.
    await expect(
      processImageUpload(await testImages.pngDeclaring(8000, MAX_INPUT_PIXELS / 8000), "limit.png"),
    ).rejects.toMatchObject({
      code: "WRONG_FILE_TYPE",
    });
  });
});

describe("processImageUpload refuses", () => {
  const garbage = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7919) % 251));
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, string]> = [
    ["an empty file", () => Buffer.alloc(0), "empty.png", "WRONG_FILE_TYPE"],
    ["plain text", () => Buffer.from("just some notes\n"), "notes.png", "WRONG_FILE_TYPE"],
    ["HTML named .png", testImages.html, "page.png", "WRONG_FILE_TYPE"],
    ["a PDF named .jpg", testImages.pdf, "doc.jpg", "WRONG_FILE_TYPE"],
    ["unknown bytes", () => garbage, "noise.jpg", "WRONG_FILE_TYPE"],
    ["a PNG signature and nothing else", () => Buffer.from("89504e470d0a1a0a", "hex"), "stub.png", "WRONG_FILE_TYPE"],
    ["a truncated PNG", testImages.truncatedPng, "cut.png", "WRONG_FILE_TYPE"],
    ["a GIF", testImages.gif, "anim.gif", "WRONG_IMAGE_FORMAT"],
    ["a GIF named .png", testImages.gif, "anim.png", "WRONG_IMAGE_FORMAT"],
    ["a WebP", testImages.webp, "pic.png", "WRONG_IMAGE_FORMAT"],
    ["an SVG named .png", testImages.svg, "logo.png", "WRONG_IMAGE_FORMAT"],
    ["a PNG named .gif", () => testImages.png(), "pic.gif", "WRONG_IMAGE_FORMAT"],
    ["a PNG named .txt", () => testImages.png(), "pic.txt", "WRONG_IMAGE_FORMAT"],
    ["a PNG with no extension", () => testImages.png(), "png", "WRONG_IMAGE_FORMAT"],
    ["a JPEG named .png", () => testImages.jpeg(), "photo.png", "WRONG_IMAGE_FORMAT"],
    ["a PNG named .jpg", () => testImages.png(), "shot.jpg", "WRONG_IMAGE_FORMAT"],
    [
      "a PNG header declaring 100000×100000",
      () => testImages.pngDeclaring(100_000, 100_000),
      "bomb.png",
      "IMAGE_TOO_LARGE",
    ],
    [
      "one pixel row over the pixel limit",
      () => testImages.pngDeclaring(8000, MAX_INPUT_PIXELS / 8000 + 1),
      "big.png",
      "IMAGE_TOO_LARGE",
    ],
    [
      "a file over the byte limit",
      async () => Buffer.concat([await testImages.png(), Buffer.alloc(IMAGE_MAX_BYTES)]),
      "huge.png",
      "IMAGE_TOO_LARGE",
    ],
  ];

  it.each(cases)("%s", async (_, make, filename, code) => {
    await expect(processImageUpload(await make(), filename)).rejects.toMatchObject({ name: "AppError", code });
  });
});

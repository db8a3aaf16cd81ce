import { crc32 } from "node:zlib";
import sharp, { type Sharp } from "sharp";

/** A text only a photo's EXIF GPS block carries: found in the upload, it must be gone from what we store. */
export const EXIF_SECRET = "secret-home-location";

/** Noise, so encoders cannot shrink the picture to almost nothing and a cut-off file really misses pixel data. */
function noise(width: number, height: number): Sharp {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (Math.imul(i, 2654435761) >>> 24) & 255;
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/**
 * Noise no encoder can predict (noise() above is a linear sequence PNG's filters reproduce): xorshift32 from a
 * fixed seed, so every run stores the same bytes. What an attacker uploads to fill the disk.
 */
function hardNoise(width: number, height: number): Sharp {
  const data = Buffer.alloc(width * height * 3);
  let state = 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    data[i] = state & 255;
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** Real image files (and files that only pretend to be images) for upload tests. */
export const testImages = {
  png: (width = 64, height = 48) => noise(width, height).png().toBuffer(),
  /** One colour, so even a large picture stays a small file. */
  flatPng: (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer(),
  jpeg: (width = 64, height = 48) => noise(width, height).jpeg().toBuffer(),
  /** Incompressible pictures: a PNG stays about 3 bytes a pixel, a JPEG of quality 100 about as much. */
  noisyPng: (width: number, height: number) => hardNoise(width, height).png().toBuffer(),
  noisyJpeg: (width: number, height: number) => hardNoise(width, height).jpeg({ quality: 100 }).toBuffer(),
  /**
   * What a phone sends: 200×100 pixels stored sideways with EXIF "rotate 90°", the camera's make and a GPS
   * position. Shown upright it is 100×200.
   */
  phoneJpeg: () =>
    noise(200, 100)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "Lootlane Phone", Model: "LP-1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "55/1 45/1 21/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "37/1 37/1 4/1",
          GPSMapDatum: EXIF_SECRET,
        },
      })
      .toBuffer(),
  gif: () => noise(32, 32).gif().toBuffer(),
  webp: () => noise(32, 32).webp().toBuffer(),
  svg: () =>
    Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ),
  html: () => Buffer.from('<!doctype html><html><body><script>alert("xss")</script></body></html>'),
  pdf: () => Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  /** A real PNG cut in half: the signature and header are valid, the pixel data ends early. */
  truncatedPng: async () => {
    const png = await noise(300, 200).png().toBuffer();
    return png.subarray(0, Math.floor(png.length / 2));
  },
  /** A tiny valid PNG whose header claims another size: a decompression bomb as far as any decoder can tell. */
  pngDeclaring: async (width: number, height: number) => {
    const png = Buffer.from(await noise(8, 8).png().toBuffer());
    // Signature (8 bytes), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), … then its CRC.
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    return png;
  },
};

import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { AppError } from "../errors/app-error.js";
import { detectUploadFormat, type UploadFormat } from "./image-format.js";

/**
 * Decoding cost follows pixels, not bytes: a 100 KB PNG can declare 10 gigapixels. 40 MP is above every
 * phone photo (12–24 MP by default) and bounds one decode to about 160 MB of RGBA.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

const DEFAULT_MAX_SIDE = 1600;
const DEFAULT_THUMBNAIL_WIDTH = 400;

/**
 * The most bytes one stored image and one thumbnail may take. A 1600 px photo is a few hundred KB as a JPEG,
 * a game screenshot 1–2 MB as a PNG; noise, which no encoder compresses, would be 7 MB as a PNG.
 */
export const MAX_STORED_IMAGE_BYTES = 1_000_000;
export const MAX_STORED_THUMBNAIL_BYTES = 200_000;

const decodeOptions: SharpOptions = {
  // Truncated or corrupt pixel data fails instead of being stored half grey; mere decoder warnings (common in
  // camera JPEGs) pass.
  failOn: "error",
  limitInputPixels: MAX_INPUT_PIXELS,
  // Turn the pixels the way the EXIF Orientation tag says, since the tag itself is dropped below.
  autoOrient: true,
};

export type ImageUploadOptions = {
  /** Longest side of the stored image in px (default 1600); larger images are scaled down, never up. */
  maxSide?: number;
  /** Width of the thumbnail in px (default 400); narrower images keep their width. */
  thumbnailWidth?: number;
};

export type EncodedImage = { data: Buffer; width: number; height: number };

/** An upload re-encoded from its decoded pixels: same format as uploaded, no metadata. */
export type ProcessedImage = { format: UploadFormat; image: EncodedImage; thumbnail: EncodedImage };

/**
 * The one way an uploaded file becomes an image we store (avatars, product photos, category images).
 * Checks size, type and format (image-format.ts), refuses decompression bombs by their declared size, then
 * decodes and re-encodes: what we serve is pixels we produced, never the client's bytes, so no EXIF (GPS,
 * camera serial), ICC or XMP data and no polyglot payload survives. Errors are AppErrors with the image codes;
 * nothing is stored here.
 */
export async function processImageUpload(
  buffer: Buffer,
  filename: string,
  options: ImageUploadOptions = {},
): Promise<ProcessedImage> {
  const format = await detectUploadFormat(buffer, filename);
  await assertDecodableSize(buffer, format);
  const { maxSide = DEFAULT_MAX_SIDE, thumbnailWidth = DEFAULT_THUMBNAIL_WIDTH } = options;
  let scaled: Pixels;
  try {
    scaled = await decode(
      sharp(buffer, decodeOptions).resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true }),
    );
  } catch (error) {
    // The bytes carry a valid signature but do not decode: a broken file, not an image we can show.
    throw new AppError("WRONG_FILE_TYPE", {}, { cause: error });
  }
  // The thumbnail is cut from the scaled pixels: the upload is decoded once.
  const thumbnail = await decode(pixelsOf(scaled).resize({ width: thumbnailWidth, withoutEnlargement: true }));
  return {
    format,
    image: await encodeWithin(scaled, format, MAX_STORED_IMAGE_BYTES),
    thumbnail: await encodeWithin(thumbnail, format, MAX_STORED_THUMBNAIL_BYTES),
  };
}

/** Decoded 8-bit pixels: what every encoding attempt starts from. */
type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

async function decode(pipeline: Sharp): Promise<Pixels> {
  const { data, info } = await pipeline.raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function pixelsOf({ data, width, height, channels }: Pixels): Sharp {
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * Encodes the pixels in at most `maxBytes`: as they are if that fits (most pictures), else a JPEG at a lower
 * quality, else with fewer pixels. Bytes follow the pixel count, so the sides shrink by the square root of what
 * is over, with a margin: one step is usually enough, and each keeps at most 90% of the sides, so the loop ends.
 */
async function encodeWithin(pixels: Pixels, format: UploadFormat, maxBytes: number): Promise<EncodedImage> {
  let encoded = await encode(pixelsOf(pixels), format, "full");
  if (encoded.data.length > maxBytes && format === "jpeg") encoded = await encode(pixelsOf(pixels), format, "compact");
  while (encoded.data.length > maxBytes) {
    const scale = Math.min(0.9, 0.95 * Math.sqrt(maxBytes / encoded.data.length));
    const width = Math.max(1, Math.floor(encoded.width * scale));
    const height = Math.max(1, Math.floor(encoded.height * scale));
    encoded = await encode(pixelsOf(pixels).resize({ width, height, fit: "fill" }), format, "compact");
  }
  return encoded;
}

/** Reads only the header, so a huge declared size is refused before any pixel is decoded. */
async function assertDecodableSize(buffer: Buffer, format: UploadFormat): Promise<void> {
  let metadata: Metadata;
  try {
    // The header is all metadata() reads, so the pixel limit is lifted here to see the declared size.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError("WRONG_FILE_TYPE", {}, { cause: error });
  }
  if (metadata.format !== format) throw new AppError("WRONG_FILE_TYPE");
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new AppError("IMAGE_TOO_LARGE");
}

// Stripping metadata is sharp's default: nothing here calls keepMetadata() or withMetadata().
async function encode(pipeline: Sharp, format: UploadFormat, mode: "full" | "compact"): Promise<EncodedImage> {
  const encoder =
    format === "png"
      ? pipeline.png({ compressionLevel: 9 })
      : pipeline.jpeg({ quality: mode === "compact" ? 60 : 82, mozjpeg: true });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

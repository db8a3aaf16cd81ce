import { IMAGE_MAX_BYTES, type IMAGE_EXTENSIONS } from "@lootlane/contract";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../errors/app-error.js";

/** The formats an upload may have; anything else is refused before a decoder sees it. */
export type UploadFormat = "png" | "jpeg";

// What file-type reports for the accepted formats. An animated PNG is still a PNG: sharp keeps its first frame.
const acceptedTypes: Partial<Record<string, UploadFormat>> = { png: "png", apng: "png", jpg: "jpeg" };
// Every extension the contract allows, and no other, names a format.
const formatOfExtension: Partial<Record<string, UploadFormat>> = {
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
} satisfies Record<(typeof IMAGE_EXTENSIONS)[number], UploadFormat>;

/**
 * Decides from the bytes, never from the client's name or MIME type, what an upload is:
 * - over IMAGE_MAX_BYTES: IMAGE_TOO_LARGE;
 * - not an image at all (empty, text, HTML, PDF, an archive, unknown bytes): WRONG_FILE_TYPE;
 * - an image in another format (GIF, WebP, BMP, SVG…), a name without .jpg/.jpeg/.png, or a name whose
 *   extension says another format than the bytes: WRONG_IMAGE_FORMAT.
 * Whether the bytes really decode is sharp's job (image-processing.ts).
 */
export async function detectUploadFormat(buffer: Buffer, filename: string): Promise<UploadFormat> {
  if (buffer.length > IMAGE_MAX_BYTES) throw new AppError("IMAGE_TOO_LARGE");
  const detected = buffer.length === 0 ? undefined : await fileTypeFromBuffer(buffer);
  const format = detected && acceptedTypes[detected.ext];
  if (!format) {
    // file-type reads signatures; SVG is XML text to it, but it is an image, so it gets the format answer.
    const isImage = detected?.mime.startsWith("image/") || looksLikeSvg(buffer);
    throw new AppError(isImage ? "WRONG_IMAGE_FORMAT" : "WRONG_FILE_TYPE");
  }
  if (formatOfExtension[extensionOf(filename)] !== format) throw new AppError("WRONG_IMAGE_FORMAT");
  return format;
}

/** `Photo.JPG` → `.jpg`; a name with no extension (or only a leading dot) gives "". */
function extensionOf(filename: string): string {
  const match = /[^/\\]\.([^./\\]+)$/.exec(filename.toLowerCase());
  return match ? `.${match[1]}` : "";
}

// An SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> root element.
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

function looksLikeSvg(buffer: Buffer): boolean {
  return SVG_START.test(buffer.subarray(0, 4096).toString("utf8"));
}

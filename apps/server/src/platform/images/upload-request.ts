import type { FastifyRequest } from "fastify";
import { validationError } from "../errors/app-error.js";

/** An uploaded file as the client sent it, before processImageUpload has looked at it. */
export type UploadedFile = { buffer: Buffer; filename: string };

/**
 * Reads a multipart form that must carry exactly one file, in `field`; other text fields are ignored. No file,
 * or more than one, is a 422 naming `field`. A file over the multipart size limit ends the read with
 * IMAGE_TOO_LARGE (request-parsing.ts, error-mapping.ts) before it is held in memory whole.
 */
export async function readSingleFileUpload(request: FastifyRequest, field: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw validationError([{ field, message: "Send the image as a multipart/form-data file" }]);
  let upload: UploadedFile | undefined;
  let files = 0;
  for await (const part of request.parts()) {
    if (part.type !== "file") continue;
    files += 1;
    if (part.fieldname === field && files === 1) {
      upload = { buffer: await part.toBuffer(), filename: part.filename };
    } else {
      // The next part only arrives once this one has been read; its bytes are not needed.
      part.file.resume();
    }
  }
  if (!upload || files > 1) throw validationError([{ field, message: `Send exactly one image in the field "${field}"` }]);
  return upload;
}

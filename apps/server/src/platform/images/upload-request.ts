import { PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, validationError } from "../errors/app-error.js";
import { fieldErrorsFromZod } from "../errors/field-errors.js";

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

/** A multipart form's text fields (the last value of a repeated one wins) and the files of one field, in order. */
export type MultipartForm = { fields: Record<string, string>; files: UploadedFile[] };

/**
 * Reads a multipart form that carries text fields and up to `maxFiles` files in `fileField` (product photos).
 * Files in other fields are skipped unread. The read stops with MAXIMUM_NUMBER_PHOTOS_EXCEEDED at the first
 * file past `maxFiles`, before its bytes are held; a file over the size limit stops it with IMAGE_TOO_LARGE.
 * Zero files is the caller's decision (an edit may add none).
 */
export async function readMultipartForm(request: FastifyRequest, fileField: string, maxFiles: number = PRODUCT_IMAGES_MAX): Promise<MultipartForm> {
  if (!request.isMultipart()) throw validationError([{ field: fileField, message: "Send the form as multipart/form-data" }]);
  const form: MultipartForm = { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === "field") {
      form.fields[part.fieldname] = String(part.value);
    } else if (part.fieldname !== fileField) {
      part.file.resume();
    } else {
      if (form.files.length === maxFiles) throw new AppError("MAXIMUM_NUMBER_PHOTOS_EXCEEDED", { max: maxFiles });
      form.files.push({ buffer: await part.toBuffer(), filename: part.filename });
    }
  }
  return form;
}

/** A multipart form's text fields checked with a contract schema; a failure is a 422 naming each bad field. */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

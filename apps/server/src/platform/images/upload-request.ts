import { PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, validationError } from "../errors/app-error.js";
import { fieldErrorsFromZod } from "../errors/field-errors.js";
import { FORM_FIELD_MAX_BYTES } from "../http/request-parsing.js";

/** An uploaded file as the client sent it, before processImageUpload has looked at it. */
export type UploadedFile = { buffer: Buffer; filename: string };

/** A multipart form's text fields (the last value of a repeated one wins) and the files of one field, in order. */
export type MultipartForm = { fields: Record<string, string>; files: UploadedFile[] };

/**
 * Reads a multipart form that must carry exactly one file, in `field`, and any text fields (avatar, category
 * image). No file is a 422 naming `field`; so is a second one, refused as it starts, before its bytes are held.
 */
export async function readSingleFileForm(
  request: FastifyRequest,
  field: string,
): Promise<{ fields: Record<string, string>; file: UploadedFile }> {
  const exactlyOne = () => validationError([{ field, message: `Send exactly one image in the field "${field}"` }]);
  const form = await readForm(request, field, 1, exactlyOne);
  const [file] = form.files;
  if (!file) throw exactlyOne();
  return { fields: form.fields, file };
}

/** The one file of a form that carries nothing else the route needs (avatar); see readSingleFileForm. */
export async function readSingleFileUpload(request: FastifyRequest, field: string): Promise<UploadedFile> {
  return (await readSingleFileForm(request, field)).file;
}

/**
 * Reads a multipart form that carries text fields and up to PRODUCT_IMAGES_MAX files in `fileField` (product
 * photos). The read stops with MAXIMUM_NUMBER_PHOTOS_EXCEEDED at the first file past the limit, before its
 * bytes are held. Zero files is the caller's decision (an edit may add none).
 */
export async function readMultipartForm(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  return readForm(
    request,
    fileField,
    PRODUCT_IMAGES_MAX,
    () => new AppError("MAXIMUM_NUMBER_PHOTOS_EXCEEDED", { max: PRODUCT_IMAGES_MAX }),
  );
}

/**
 * Files in other fields are skipped unread. A file over the multipart size limit (request-parsing.ts) ends the
 * read with IMAGE_TOO_LARGE as soon as the limit is passed, so an oversized body is neither held nor read to
 * its end; the error answer then closes the connection (error-handler.ts).
 */
async function readForm(
  request: FastifyRequest,
  fileField: string,
  maxFiles: number,
  tooMany: () => AppError,
): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw validationError([{ field: fileField, message: "Send the form as multipart/form-data" }]);
  const form: MultipartForm = { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === "field") {
      // busboy cuts a value at the limit and goes on: a cut list of units would add its last unit cut short.
      if (part.valueTruncated)
        throw validationError([
          { field: part.fieldname, message: `At most ${FORM_FIELD_MAX_BYTES / 1024} kB in one field` },
        ]);
      form.fields[part.fieldname] = String(part.value);
    } else if (part.fieldname !== fileField) {
      // The next part only arrives once this one has been read; its bytes are not needed.
      part.file.resume();
    } else {
      if (form.files.length === maxFiles) throw tooMany();
      form.files.push({ buffer: await readWithinLimit(part.file), filename: part.filename });
    }
  }
  return form;
}

/** The whole file, or IMAGE_TOO_LARGE as soon as it passes the multipart size limit. */
async function readWithinLimit(file: MultipartFile["file"]): Promise<Buffer> {
  // busboy stops passing bytes on at the limit but ends the file only with its part: waiting for that end (as
  // toBuffer() does) would read the rest of a 50 MB body before refusing it.
  file.once("limit", () => file.destroy(new AppError("IMAGE_TOO_LARGE")));
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  // The limit was passed before this function was listening.
  if (file.truncated) throw new AppError("IMAGE_TOO_LARGE");
  return Buffer.concat(chunks);
}

/** A multipart form's text fields checked with a contract schema; a failure is a 422 naming each bad field. */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  // The input stays in the issues: zod's text for a wrong type, written again in the request's language, names it.
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

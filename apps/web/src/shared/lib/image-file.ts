import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from "@lootlane/contract";

/** MIME types of the allowed extensions; browsers report them for .jpg/.jpeg/.png files. */
const IMAGE_MIME_TYPES = ["image/jpeg", "image/png"];

/** For a file input: the extensions and their MIME types, so every platform's dialog filters the same files. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS, ...IMAGE_MIME_TYPES].join(",");

export type ImageFileProblem = "wrongType" | "tooLarge";

/**
 * Refuses what the server would refuse, before the upload (SPEC §5 image types, 5 MB). The extension is checked
 * because a picker's filter can be switched off and a drop has none; the MIME type too, because a renamed file
 * keeps its real one (some systems report none, then the extension decides). Avatars and product images share it.
 */
export function checkImageFile(file: File): ImageFileProblem | null {
  const name = file.name.toLowerCase();
  const extensionOk = IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension));
  const typeOk = file.type === "" || IMAGE_MIME_TYPES.includes(file.type);
  if (!extensionOk || !typeOk) return "wrongType";
  if (file.size > IMAGE_MAX_BYTES) return "tooLarge";
  return null;
}

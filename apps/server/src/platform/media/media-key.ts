import { MEDIA_PREFIX } from "@lootlane/contract";

const MAX_KEY_LENGTH = 256;
// Each path segment: lower-case letters, digits, `_`, `-`, `.`; never starting with a dot (no hidden files).
const SEGMENT = /^[a-z0-9_-][a-z0-9_.-]*$/;

const contentTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** Keys become file paths and object names, so anything that could leave the media root is refused. */
export function assertMediaKey(key: string): void {
  const valid =
    key.length <= MAX_KEY_LENGTH && !key.includes("..") && key.split("/").every((segment) => SEGMENT.test(segment));
  if (!valid) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
}

export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return contentTypes[extension] ?? "application/octet-stream";
}

/** The address stored in the database for a media key; the API base plus this path is what users see. */
export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}/${key}`;
}

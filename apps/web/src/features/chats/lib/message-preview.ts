import { CHAT_PREVIEW_LENGTH } from "@lootlane/contract";

/** SPEC §2/§9: a longer message keeps 57 characters, the room "..." would take out of the 60, then "…". */
const KEPT_CHARACTERS = CHAT_PREVIEW_LENGTH - 3;

/**
 * The last message as a chat list row shows it. Counted in code points, so an emoji is never cut in half;
 * line breaks become spaces because a row is one line.
 */
export function messagePreview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(flat);
  if (characters.length <= CHAT_PREVIEW_LENGTH) return flat;
  return `${characters.slice(0, KEPT_CHARACTERS).join("")}…`;
}

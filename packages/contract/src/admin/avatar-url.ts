import { MEDIA_PREFIX } from "../common/constants.js";
import { plainText } from "../common/plain-text.js";
import { validationMessage } from "../common/validation-messages.js";

/**
 * The avatar address an admin may set: empty (no avatar) or one of our own media (`/media/…`), the only images
 * the Content-Security-Policy lets pages show. An address on another site was accepted once and never appeared.
 */
export function isOwnMediaUrl(value: string): boolean {
  return value === "" || (value.startsWith(`${MEDIA_PREFIX}/`) && !/[\s\\]|\.\.|\/\//.test(value));
}

export const OWN_MEDIA_URL_MESSAGE = validationMessage("ownMediaOnly");

export const adminAvatarUrlSchema = plainText()
  .trim()
  .max(2048, "At most 2048 characters")
  .refine(isOwnMediaUrl, OWN_MEDIA_URL_MESSAGE);

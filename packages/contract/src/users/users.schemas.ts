import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import { descriptionSchema, publicProfileSchema, userSchema } from "./user.schemas.js";

/*
 * Requests and answers of the Users calls (SPEC.md §7). GET /users/{id}/purchases belongs to the deals and
 * lives with them.
 */

/** GET /users/{username}: any text; a name nobody has (whatever its spelling) is a 404, not a validation error. */
export const usernameParamsSchema = z.object({ username: plainText().min(1) });

/**
 * GET /users/{username}: the full User when the signed-in user asks for themself or an admin asks, otherwise
 * the PublicProfile. The lookup ignores letter case.
 */
export const userProfileResponseSchema = z.union([userSchema, publicProfileSchema]);

/**
 * POST /users/description: the length rule is the web form's (checked on the text as sent), then surrounding
 * white space is trimmed. An empty or blank text clears the description (null, as for a user who never wrote one).
 */
export const updateDescriptionRequestSchema = z
  .object({ description: descriptionSchema.trim() })
  .meta({ id: "UpdateDescriptionRequest" });

/** The multipart field PATCH /users/avatar reads the image from. */
export const AVATAR_FILE_FIELD = "file";

/**
 * PATCH /users/avatar, multipart/form-data: exactly one file in the field `file`, a .jpg, .jpeg or .png image
 * of at most IMAGE_MAX_BYTES. Written as a schema for the API documentation; the server reads the stream itself.
 */
export const updateAvatarRequestSchema = z
  .object({ [AVATAR_FILE_FIELD]: z.file() })
  .meta({ id: "UpdateAvatarRequest" });

/** PATCH /users/avatar: where the new avatar is served (the API host plus this path). */
export const updateAvatarResponseSchema = userSchema.pick({ avatar_url: true }).meta({ id: "UpdateAvatarResponse" });

export type UserProfile = z.infer<typeof userProfileResponseSchema>;
export type UpdateDescriptionRequest = z.infer<typeof updateDescriptionRequestSchema>;
export type UpdateAvatarResponse = z.infer<typeof updateAvatarResponseSchema>;

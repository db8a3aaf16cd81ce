import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import {
  DESCRIPTION_MAX,
  EMAIL_PATTERN,
  LANGUAGES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from "../common/constants.js";
import { isStrongPassword } from "../common/password-rule.js";
import { errorText } from "../errors/error-catalogue.js";
import { hasInvisibleCharacters, looksOfficial } from "./look-alike-names.js";

export const roleSchema = z.enum(["user", "admin"]);

/** SPEC.md §3 User: the full view, only for the user themself and admins. */
export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    username: z.string(),
    /** Roubles with two decimals. */
    balance: z.number().nonnegative(),
    avatar_url: z.string(),
    description: z.string().nullable(),
    created_at: z.iso.datetime(),
    has_frozen_balance: z.boolean(),
    is_banned: z.boolean(),
    is_active: z.boolean(),
    rating: z.number().nonnegative(),
    role: roleSchema,
    /** Whether sign-in asks for an authenticator code (issue 22); admins without it must set it up first. */
    two_factor_enabled: z.boolean(),
  })
  .meta({ id: "User" });

/** SPEC.md §3 Public profile: what anyone may see of another user (no e-mail, balance or frozen flag). */
export const publicProfileSchema = z
  .object({
    username: z.string(),
    avatar_url: z.string(),
    description: z.string().nullable(),
    is_active: z.boolean(),
    is_banned: z.boolean(),
    rating: z.number().nonnegative(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PublicProfile" });

/**
 * Beyond the spec: what tells a buyer whether to trust a seller, on the product page and the profile.
 * `completed_deals` counts the deals completed with them as the seller; `reviews_count` the reviews their
 * `rating` is the average of (reviews between linked accounts and of too-small deals are shown on the profile but
 * counted in neither). `last_seen` is null while they are online or if they never connected.
 */
export const sellerStatsSchema = z
  .object({
    completed_deals: z.number().int().nonnegative(),
    reviews_count: z.number().int().nonnegative(),
    rating: z.number().nonnegative(),
    is_online: z.boolean(),
    last_seen: z.iso.datetime().nullable(),
    member_since: z.iso.datetime(),
  })
  .meta({ id: "SellerStats" });

/**
 * Input rules shared by the server's validation and the web forms (SPEC.md §5). The rules Lootlane adds name
 * their failure with the catalogue's English text, so the web can tell them apart and show its own language.
 */
export const emailSchema = plainText()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, "Enter a valid e-mail address")
  .refine((email) => !hasInvisibleCharacters(email), errorText("EMAIL_INVISIBLE_CHARACTERS", "en"))
  .transform((email) => email.toLowerCase());

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `At least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `At most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, "Only English letters, digits and underscore")
  // Users already wearing such a name (the seed's "admin") keep it: only names being chosen pass this schema.
  .refine((username) => !looksOfficial(username), errorText("USERNAME_NOT_ALLOWED", "en"));

/** A password to compare with a stored hash: any text, bounded so nobody makes the server hash megabytes. */
export const storedPasswordSchema = z.string().min(1, "Enter the password").max(1024, "At most 1024 characters");

export const passwordSchema = z
  .string()
  .max(128, "At most 128 characters")
  .refine(isStrongPassword, "At least 8 characters with upper and lower case letters, a digit and one of !@#$%^&*");

export const descriptionSchema = plainText().max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`);

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, "Exactly 6 digits");

export type User = z.infer<typeof userSchema>;
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export type SellerStats = z.infer<typeof sellerStatsSchema>;
export type Role = z.infer<typeof roleSchema>;

/*
 * Requests and answers of the Users calls (SPEC.md §7). GET /users/{id}/purchases belongs to the deals and
 * lives with them.
 */

/** GET /users/{username}: any text; a name nobody has (whatever its spelling) is a 404, not a validation error. */
export const usernameParamsSchema = z.object({ username: plainText().min(1) });

/** GET /users/{username} for the user themself and admins: the full User with the seller's stats. */
export const ownProfileSchema = userSchema.extend({ seller_stats: sellerStatsSchema }).meta({ id: "OwnProfile" });

/** GET /users/{username} for anyone else: the PublicProfile with the seller's stats. */
export const visitorProfileSchema = publicProfileSchema
  .extend({ seller_stats: sellerStatsSchema })
  .meta({ id: "VisitorProfile" });

/**
 * GET /users/{username}: the full User when the signed-in user asks for themself or an admin asks, otherwise
 * the PublicProfile; both with `seller_stats` (beyond the spec). The lookup ignores letter case.
 */
export const userProfileResponseSchema = z.union([ownProfileSchema, visitorProfileSchema]);

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

export type OwnProfile = z.infer<typeof ownProfileSchema>;
export type VisitorProfile = z.infer<typeof visitorProfileSchema>;
export type UserProfile = z.infer<typeof userProfileResponseSchema>;
export type UpdateDescriptionRequest = z.infer<typeof updateDescriptionRequestSchema>;
export type UpdateAvatarResponse = z.infer<typeof updateAvatarResponseSchema>;

/** PUT /v1/users/language: the language the server writes to this user in (e-mails, pushes), from the selector. */
export const userLanguageSchema = z.object({ language: z.enum(LANGUAGES) }).meta({ id: "UserLanguage" });

import { z } from "zod";
import { productDetailSchema } from "../catalog/products.schemas.js";
import { notificationPreferenceSchema } from "../notifications/notifications.schemas.js";
import { signInSessionSchema } from "../auth/sessions.schemas.js";
import { secondFactorSchema } from "../auth/two-factor.schemas.js";
import { statementEntrySchema } from "../wallet/wallet.schemas.js";
import { storedPasswordSchema, userSchema } from "./users.schemas.js";

/*
 * Deleting one's account and exporting one's data (issue 22, "Accounts"). Deletion keeps the ledger: the user row
 * stays, anonymised, because money movements refer to it; it is refused while a deal or money could still need
 * the account.
 */

/**
 * POST /auth/delete-account. The password always; with two-factor sign-in on, also `totp_code` or `recovery_code`
 * (TWO_FACTOR_REQUIRED without one).
 */
export const deleteAccountRequestSchema = secondFactorSchema
  .extend({ password: storedPasswordSchema })
  .meta({ id: "DeleteAccountRequest" });

/** A deal the user took part in, as buyer or seller. */
export const exportedDealSchema = z.object({
  id: z.uuid(),
  role: z.enum(["buyer", "seller"]),
  product_id: z.uuid(),
  product_title: z.string(),
  price: z.number(),
  status: z.string(),
  created_at: z.iso.datetime(),
});

/** A message of one of the user's chats; `from` says whether the user wrote it, the other member, or the system. */
export const exportedMessageSchema = z.object({
  id: z.uuid(),
  chat_id: z.uuid(),
  from: z.enum(["me", "other", "system"]),
  text: z.string(),
  created_at: z.iso.datetime(),
});

/** A review the user wrote (as a buyer) or received (as a seller). */
export const exportedReviewSchema = z.object({
  id: z.uuid(),
  role: z.enum(["author", "seller"]),
  deal_id: z.uuid(),
  stars: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  created_at: z.iso.datetime(),
});

/** GET /users/me/export: everything the platform keeps about the user that is the user's own, as one JSON file. */
export const accountExportSchema = z
  .object({
    exported_at: z.iso.datetime(),
    profile: userSchema.extend({ language: z.enum(["en", "ru"]), two_factor_enabled: z.boolean() }),
    sessions: z.array(signInSessionSchema),
    /** Own listings as their seller sees them, the goods (product_data) included. */
    products: z.array(productDetailSchema),
    deals: z.array(exportedDealSchema),
    messages: z.array(exportedMessageSchema),
    reviews: z.array(exportedReviewSchema),
    statement: z.array(statementEntrySchema),
    notification_preferences: z.array(notificationPreferenceSchema),
  })
  .meta({ id: "AccountExport" });

/** What a deleted account's chat messages read afterwards; the web app shows its own words for it. */
export const DELETED_ACCOUNT_MESSAGE_TEXT = "[deleted]";

/** The file name the export is offered under. */
export const ACCOUNT_EXPORT_FILE_NAME = "lootlane-account.json";

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
export type AccountExport = z.infer<typeof accountExportSchema>;

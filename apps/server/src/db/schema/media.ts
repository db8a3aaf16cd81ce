/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   mediaUploads → platform/images
 */
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, timestamptz } from "./columns.js";
import { users } from "./users.js";

/**
 * Every image a user uploaded (avatar, product photo) with the bytes it takes as stored, thumbnail included:
 * the durable count behind the per-user upload limits (platform/images/upload-quota.ts). A row is marked
 * removed when its files go, and kept for a day so the daily limit still counts it.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    /** The image's media key; its thumbnail's key follows from it (image-storage.ts). */
    key: text("key").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
    removedAt: timestamptz("removed_at"),
  },
  (t) => [
    index("media_uploads_owner_created_idx").on(t.ownerId, t.createdAt),
    check("media_uploads_bytes_check", sql`${t.bytes} >= 0`),
  ],
);

export type MediaUpload = typeof mediaUploads.$inferSelect;

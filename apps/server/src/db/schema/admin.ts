/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   idempotencyKeys → modules/deals (a buy request's first answer, stored with its deal)
 *   adminAuditLog → modules/audit
 */
import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.js";
import { users } from "./users.js";

/** The first answer to a request carrying an Idempotency-Key, replayed for retries with the same key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A retry must repeat the same request; a different body under the same key is refused. */
    requestHash: text("request_hash").notNull(),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/** Every admin change, with the target's state before and after. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => users.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId),
    index("admin_audit_log_created_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
export type NewIdempotencyKey = typeof idempotencyKeys.$inferInsert;
export type AdminAuditLogEntry = typeof adminAuditLog.$inferSelect;
export type NewAdminAuditLogEntry = typeof adminAuditLog.$inferInsert;

/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   users → modules/users (sign-up, bans, admin edits, presence and ratings go through users.service)
 *   users.balanceKopecks → modules/ledger (the projection of the user's account, set with the ledger rows)
 *   sessions → platform/auth
 *   apiTokens → platform/auth
 *   emailCodes → modules/auth
 *   recoveryCodes → modules/auth
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, id, kopecks, oneOf, timestamptz } from "./columns.js";

export const userRoles = ["user", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export const userLanguages = ["en", "ru"] as const;

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Always stored lower-cased (the check enforces it), so the plain unique constraint is case-insensitive. */
    email: text("email").notNull().unique(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    avatarUrl: text("avatar_url").notNull().default(""),
    description: text("description"),
    /** Projection of the user's ledger account, updated in the same transaction as the ledger rows. */
    balanceKopecks: kopecks("balance_kopecks").notNull().default(0),
    hasFrozenBalance: boolean("has_frozen_balance").notNull().default(false),
    isBanned: boolean("is_banned").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** The average of the stars of the reviews the user received as a seller; an admin may also set it. */
    rating: doublePrecision("rating").notNull().default(0),
    role: text("role", { enum: userRoles }).notNull().default("user"),
    /** The interface language the user last chose; server-written texts to them (e-mails, pushes) use it. */
    language: text("language", { enum: userLanguages }).notNull().default("en"),
    lastSeenAt: timestamptz("last_seen_at"),
    /**
     * Two-factor sign-in (issue 22): the authenticator's secret, encrypted with the data key; set by the set-up
     * step and live only once `totp_enabled_at` is set by a first right code.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamptz("totp_enabled_at"),
    /** The RFC 6238 time step of the last code accepted, so the same code is refused a second time. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** When the owner deleted the account: the row stays, anonymised, because the ledger refers to it. */
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    // The admin's user search: any part of the name or the e-mail (both compared lower-cased).
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // The admin's user list, newest first.
    index("users_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("users_balance_not_negative_check", sql`${t.balanceKopecks} >= 0`),
    check("users_rating_not_negative_check", sql`${t.rating} >= 0`),
    check("users_description_length_check", sql`char_length(${t.description}) <= 500`),
    check("users_role_check", oneOf(t.role, userRoles)),
    check("users_language_check", oneOf(t.language, userLanguages)),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** All refresh tokens descended from one sign-in share a family; reuse of a rotated one revokes it. */
    familyId: uuid("family_id").notNull(),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    replacedBy: uuid("replaced_by").references((): AnyPgColumn => sessions.id, { onDelete: "set null" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** The browser's long-lived device cookie, so accounts used on one device can be told apart from strangers. */
    deviceId: text("device_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_family_id_idx").on(t.familyId),
    // Finding the other accounts seen at an address or on a device (reviews between linked accounts).
    index("sessions_ip_idx").on(t.ip),
    index("sessions_device_id_idx").on(t.deviceId),
  ],
);

/**
 * Personal access tokens of the seller API (issue 25): only the token's SHA-256 is kept, so a leaked table signs
 * nobody in. Revoking deletes the row; `last_used_at` is written at most once a minute per token.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, shown in the list so its owner can tell tokens apart. */
    prefix: text("prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    lastUsedAt: timestamptz("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_id_idx").on(t.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export const emailCodePurposes = ["signup", "password_reset", "sign_in", "email_change"] as const;
export type EmailCodePurpose = (typeof emailCodePurposes)[number];

export const emailCodes = pgTable(
  "email_codes",
  {
    id: id(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: emailCodePurposes }).notNull(),
    codeHash: text("code_hash").notNull(),
    tries: integer("tries").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
    lastSentAt: timestamptz("last_sent_at").notNull().defaultNow(),
    /** What the code confirms besides the e-mail, e.g. the username chosen at sign-up. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_codes_email_purpose_idx").on(t.email, t.purpose, t.createdAt.desc().nullsFirst()),
    check("email_codes_purpose_check", oneOf(t.purpose, emailCodePurposes)),
  ],
);

/** Two-factor recovery codes: each signs in once instead of an authenticator code; stored hashed. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type EmailCode = typeof emailCodes.$inferSelect;
export type RecoveryCode = typeof recoveryCodes.$inferSelect;
export type NewEmailCode = typeof emailCodes.$inferInsert;

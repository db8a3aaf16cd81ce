/**
 * The whole schema as one module: drizzle() needs a single object of tables and relations to type `db.query`.
 * Code that needs one table imports it from its own file.
 */
export * from "./users.js";
export * from "./catalog.js";
export * from "./chats.js";
export * from "./deals.js";
export * from "./ledger.js";
export * from "./admin.js";
export * from "./media.js";
export * from "./wallet.js";
export * from "./reports.js";
export * from "./jobs.js";
export * from "./notifications.js";
export * from "./webhooks.js";
export * from "./relations.js";

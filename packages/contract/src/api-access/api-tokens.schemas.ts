import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import { validationMessage } from "../common/validation-messages.js";

/*
 * The seller API (issue 25, beyond the spec; ARCHITECTURE.md §6): personal access tokens a user's own programs send
 * as `Authorization: Bearer <token>`. A token reaches only the routes its scopes name, and never admin,
 * account-security, money-out or token routes.
 */

/** What a token may do, each a group of routes (docs/api.md lists them). */
export const API_SCOPES = [
  "products:read",
  "products:write",
  "stock:write",
  "deals:read",
  "deals:write",
  "chats:read",
  "chats:write",
  "wallet:read",
] as const;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.output<typeof apiScopeSchema>;

/** Every token starts so: a leaked one is easy to spot (secret scanners) and never mistaken for a session. */
export const API_TOKEN_PREFIX = "llp_";
export const API_TOKEN_NAME_MAX = 60;
export const API_TOKEN_EXPIRY_DAYS_MAX = 365;
/** Live tokens one user may hold: enough for a bot per shop and a spare while rotating. */
export const API_TOKENS_PER_USER_MAX = 20;
/** Requests one token may make per minute, across instances. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 600;

/** POST /tokens. */
export const createApiTokenRequestSchema = z
  .object({
    name: plainText()
      .trim()
      .min(1, validationMessage("enterName"))
      .max(API_TOKEN_NAME_MAX, validationMessage("atMostCharacters", { max: API_TOKEN_NAME_MAX })),
    scopes: z
      .array(apiScopeSchema)
      .min(1, validationMessage("chooseScope"))
      .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope))),
    expires_in_days: z
      .number(validationMessage("enterWholeDays"))
      .int(validationMessage("wholeDaysOnly"))
      .min(1, validationMessage("atLeastDays", { min: 1 }))
      .max(API_TOKEN_EXPIRY_DAYS_MAX, validationMessage("atMostDays", { max: API_TOKEN_EXPIRY_DAYS_MAX })),
  })
  .meta({ id: "CreateApiTokenRequest" });
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;

/** The answer to POST /tokens: the only time the token itself is shown. */
export const createdApiTokenSchema = z.object({ id: z.uuid(), token: z.string() }).meta({ id: "CreatedApiToken" });
export type CreatedApiToken = z.output<typeof createdApiTokenSchema>;

/** A token as GET /tokens lists it: never the token. `last_used_at` is kept to the minute. */
export const apiTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(apiScopeSchema),
    /** The token's first characters, so its owner can tell which one a program holds. */
    prefix: z.string(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.output<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) }).meta({ id: "ApiTokenList" });
export type ApiTokenList = z.output<typeof apiTokenListSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.uuid() });

import { z } from "zod";
import { emailSchema, verificationCodeSchema } from "../users/users.schemas.js";

/*
 * Sessions you can see and the change of e-mail (issue 22, "Accounts"). A sign-in is a session family: every
 * refresh adds a generation, and the list shows one row per sign-in with its newest generation's facts.
 */

/** One signed-in device. `place` is a country (ISO 3166-1 alpha-2 code), "local" for private addresses, or null. */
export const signInSessionSchema = z
  .object({
    /** The sign-in's id (its session family): what DELETE /auth/sessions/{id} takes. */
    id: z.uuid(),
    /** True for the sign-in making this request. */
    current: z.boolean(),
    /** Browser name and major version, e.g. "Firefox 128"; null when the user agent says nothing we know. */
    browser: z.string().nullable(),
    /** Operating system, e.g. "Windows 10", "iOS 17.5", "Android"; null when unknown. */
    os: z.string().nullable(),
    /** Rough place from the IP: a country code, "local" for private and loopback addresses, null when unknown. */
    place: z.string().nullable(),
    /** When the sign-in last refreshed its tokens (or started). */
    last_active_at: z.iso.datetime(),
    /** When the sign-in started. */
    signed_in_at: z.iso.datetime(),
  })
  .meta({ id: "SignInSession" });

/** GET /auth/sessions: the user's live sign-ins, the current one first, then the most recently active. */
export const signInSessionsResponseSchema = z
  .object({ sessions: z.array(signInSessionSchema) })
  .meta({ id: "SignInSessionsResponse" });

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** The place value for private, loopback and link-local addresses. */
export const LOCAL_NETWORK_PLACE = "local";

/** A password to compare with the stored hash (as the sign-in takes it). */
const currentPasswordSchema = z.string().min(1, "Enter the password").max(1024, "At most 1024 characters");

/** POST /auth/email-change-code: mails a code to the new address once the password is proven. */
export const emailChangeCodeRequestSchema = z
  .object({ new_email: emailSchema, password: currentPasswordSchema })
  .meta({ id: "EmailChangeCodeRequest" });

/** POST /auth/change-email: with the code mailed to the new address, makes it the account's e-mail. */
export const changeEmailRequestSchema = z
  .object({ new_email: emailSchema, code: verificationCodeSchema })
  .meta({ id: "ChangeEmailRequest" });

export type SignInSession = z.infer<typeof signInSessionSchema>;
export type SignInSessionsResponse = z.infer<typeof signInSessionsResponseSchema>;
export type EmailChangeCodeRequest = z.infer<typeof emailChangeCodeRequestSchema>;
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

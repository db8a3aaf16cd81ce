import { z } from "zod";

/*
 * The guarantee after receipt (issue 22; ARCHITECTURE.md §4 "Deal lifecycle"). A category carries a guarantee
 * period in days: a kind of goods without its own takes its game's, a game without one has none. A deal completed
 * under a period > 0 keeps the seller's earnings held until `guarantee_until`, and its buyer may still open a
 * dispute until then.
 */

/** The longest guarantee an admin may set: a year. */
export const GUARANTEE_DAYS_MAX = 365;

/** A category's own period: whole days from 0 (no guarantee) to GUARANTEE_DAYS_MAX. */
export const guaranteeDaysSchema = z
  .number({ error: "Enter a whole number of days" })
  .int("Whole days only")
  .min(0, "At least 0 days")
  .max(GUARANTEE_DAYS_MAX, `At most ${GUARANTEE_DAYS_MAX} days`);

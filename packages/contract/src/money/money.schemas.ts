import { z } from "zod";
import { PRODUCT_PRICE_MAX } from "../common/constants.js";

/** Plain decimal notation: digits, an optional minus sign, and decimals after a point only if digits follow it. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number field that arrives as text (multipart fields, query strings). Only plain decimal notation is read as
 * a number: Number() and z.coerce would also read "0x10" as 16, "1e3" as 1000, " 10" and "10." as 10, so a
 * price would not be what its text says. Any other text stays text, and the number schema refuses it.
 */
export function numberFromText<T extends z.ZodType<number, number>>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && PLAIN_DECIMAL.test(value) ? Number(value) : value),
    schema,
  );
}

/** A price: whole roubles above 0 and not above the ceiling (SPEC.md §5, §9). */
export const priceSchema = z
  .number({ error: "Enter a price" })
  .int("A whole number of roubles")
  .positive("Above 0")
  .max(PRODUCT_PRICE_MAX, `At most ${PRODUCT_PRICE_MAX}`);

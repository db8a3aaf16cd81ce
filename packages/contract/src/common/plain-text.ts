import { z } from "zod";

/** Half of a UTF-16 surrogate pair without its other half: no character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A string a client sends that the server stores or searches for. PostgreSQL text cannot hold U+0000, so a NUL
 * would fail the query and answer a 500; it is refused here instead, as a mistake in that field. So is a lone
 * surrogate (JSON's `\udc00` escape can carry one): PGlite encodes it into bytes that are not UTF-8 and refuses
 * the query, and jsonb (the audit log) refuses it on PostgreSQL too.
 */
export const plainText = () =>
  z
    .string()
    .refine((text) => !text.includes("\u0000"), "Cannot contain the character U+0000")
    .refine((text) => !LONE_SURROGATE.test(text), "Cannot contain a broken character (half of a UTF-16 pair)");

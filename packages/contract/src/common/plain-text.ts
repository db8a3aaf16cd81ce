import { z } from "zod";

/**
 * A string a client sends that the server stores or searches for. PostgreSQL text cannot hold U+0000, so a NUL
 * would fail the query and answer a 500; it is refused here instead, as a mistake in that field.
 */
export const plainText = () =>
  z.string().refine((text) => !text.includes("\u0000"), "Cannot contain the character U+0000");

/** SPEC §5/§8: a chat answer of an unexpected shape is logged and shown as errorDataStructure, not as a load failure. */
export class ChatDataShapeError extends Error {
  override readonly name = "ChatDataShapeError";
}

/** Parses an answer with `schema`; a mismatch is logged and thrown as ChatDataShapeError. */
export function parseChatData<T>(
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } } },
  data: unknown,
  what: string,
): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.error(`The API answered with ${what} of an unexpected shape`, result.error.issues);
  throw new ChatDataShapeError(`Unexpected ${what} shape`);
}

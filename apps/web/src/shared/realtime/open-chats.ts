/*
 * The chats on screen right now. The chats screen reads what arrives in an open chat at once; the bell asks here so
 * that it does not count, or keep unread, a notification about a message the user is looking at.
 */
const openChats = new Map<string, number>();

/** The chat is on screen until the returned function is called (an effect's cleanup). */
export function holdChatOpen(chatId: string): () => void {
  openChats.set(chatId, (openChats.get(chatId) ?? 0) + 1);
  return () => {
    const left = (openChats.get(chatId) ?? 1) - 1;
    if (left <= 0) openChats.delete(chatId);
    else openChats.set(chatId, left);
  };
}

export function isChatOpen(chatId: string): boolean {
  return openChats.has(chatId);
}

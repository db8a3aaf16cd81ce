import { queryOptions, useQuery } from "@tanstack/react-query";
import { chatProductSchema, type ChatProduct } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { chatProductQueryKey } from "@/shared/realtime/chat-cache";
import { parseChatData } from "../lib/chat-data-error";

/** GET /products/get/chat/{chatId}: the chat's product as it is now, with its latest deal (null before any purchase). */
export async function getChatProduct(chatId: string): Promise<ChatProduct> {
  const body = await api.get(`products/get/chat/${encodeURIComponent(chatId)}`).json();
  return parseChatData(chatProductSchema, body, "a chat product");
}

export function chatProductQueryOptions(chatId: string) {
  return queryOptions({ queryKey: chatProductQueryKey(chatId), queryFn: () => getChatProduct(chatId) });
}

/** The deal's current state for a chat's product card; refetched whenever the deal moves. */
export function useChatProduct(chatId: string) {
  return useQuery(chatProductQueryOptions(chatId));
}

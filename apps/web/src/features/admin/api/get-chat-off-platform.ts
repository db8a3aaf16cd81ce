import { useQuery } from "@tanstack/react-query";
import { chatOffPlatformSummarySchema, type ChatOffPlatformSummary } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminDealsQueryKey } from "@/shared/deals/admin-deals-query-key";

/** GET /admin/chats/{id}/off-platform: how many of a deal chat's messages hold contacts outside Lootlane. */
export async function getChatOffPlatform(chatId: string): Promise<ChatOffPlatformSummary> {
  const body = await api.get(`admin/chats/${encodeURIComponent(chatId)}/off-platform`).json();
  return chatOffPlatformSummarySchema.parse(body);
}

export function useChatOffPlatform(chatId: string) {
  return useQuery({
    // Beside the transcript's key: whatever refreshes the deal's chat refreshes its count too.
    queryKey: [...adminDealsQueryKey, "chat", chatId, "off-platform"],
    queryFn: () => getChatOffPlatform(chatId),
  });
}

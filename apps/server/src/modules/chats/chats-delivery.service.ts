import { eq } from "drizzle-orm";
import { deals } from "../../db/schema/deals.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { Chat } from "../../db/schema/chats.js";
import { postMessage } from "./chats-messages.service.js";
import type { ChatDeps, MessageView } from "./chats.views.js";

/**
 * POST /deals/{id}/deliver (issue 25): the seller hands over a deal's goods as a message in its chat. The same as
 * writing in the chat, but bound to one open deal of the seller's, so a delivery program's token (`deals:write`)
 * can deliver without being able to write anywhere else.
 */
export async function deliverInDeal(
  deps: ChatDeps,
  seller: AuthUser,
  dealId: string,
  text: string,
): Promise<{ chat: Chat; view: MessageView }> {
  const [deal] = await deps.db
    .select({ sellerId: deals.sellerId, chatId: deals.chatId, status: deals.status })
    .from(deals)
    .where(eq(deals.id, dealId));
  if (!deal) throw new AppError("DEAL_NOT_FOUND");
  if (deal.sellerId !== seller.id) throw new AppError("INSUFFICIENT_PERMISSIONS");
  if (deal.status !== "purchased") throw new AppError("INVALID_DEAL_STATUS");
  return postMessage(deps, seller, deal.chatId, text);
}

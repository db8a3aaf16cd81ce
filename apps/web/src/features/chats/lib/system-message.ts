import { DELETED_ACCOUNT_MESSAGE_TEXT, dealEventSchema } from "@lootlane/contract";
import type { TFunction } from "i18next";

/**
 * A system message's text is a deal event code (confirmed, dispute_opened…) for each reader to see in their
 * own language; a text that is no known code is shown as it came.
 */
export function systemMessageText(t: TFunction<"chats">, text: string): string {
  const event = dealEventSchema.safeParse(text);
  return event.success ? t(`system.${event.data}`) : text;
}

/** The words of a message whose author deleted their account are gone; the reader sees that in their language. */
export function personMessageText(t: TFunction<"chats">, text: string): string {
  return text === DELETED_ACCOUNT_MESSAGE_TEXT ? t("deletedMessage") : text;
}

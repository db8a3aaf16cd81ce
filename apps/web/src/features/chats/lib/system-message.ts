import { dealEventSchema } from "@lootlane/contract";
import type { TFunction } from "i18next";

/**
 * A system message's text is a deal event code (confirmed, dispute_opened…) for each reader to see in their
 * own language; a text that is no known code is shown as it came.
 */
export function systemMessageText(t: TFunction<"chats">, text: string): string {
  const event = dealEventSchema.safeParse(text);
  return event.success ? t(`system.${event.data}`) : text;
}

import type { TFunction } from "i18next";
import { describeError } from "@/shared/errors/error-message";

/** What the send bar says went wrong with the last message or image, in the user's language; null when nothing. */
export function sendBarError(t: TFunction<"chats">, textError: Error | null, imageError: Error | null): string | null {
  if (imageError) return `${t("attachments.error")}: ${describeError(imageError)}`;
  if (textError) return `${t("errorSendMessage")}: ${describeError(textError)}`;
  return null;
}

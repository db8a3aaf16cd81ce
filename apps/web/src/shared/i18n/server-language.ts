import { useCallback, useEffect } from "react";
import { api } from "@/shared/api/api";
import { useCurrentUser } from "@/shared/auth/current-user";
import { readStoredLanguage, switchLanguage, type Language } from "./language";

/*
 * The server writes e-mails and pushes in the user's language (PUT /users/language). The device's choice is the
 * user's latest, so it is sent when they switch, and once after signing in; this device remembers what it last
 * sent for whom, so an ordinary page load sends nothing.
 */
const SENT_KEY = "user-language-sent";

function sentMark(userId: string, language: Language): string {
  return `${userId}:${language}`;
}

function readSent(): string | null {
  try {
    return localStorage.getItem(SENT_KEY);
  } catch {
    return null;
  }
}

function writeSent(mark: string | null): void {
  try {
    if (mark) localStorage.setItem(SENT_KEY, mark);
    else localStorage.removeItem(SENT_KEY);
  } catch {
    // Without storage the language is only sent again on the next load; nothing breaks.
  }
}

/** Someone signed in: the device's choice goes to the server once more, whatever was sent before. */
export function forgetSentLanguage(): void {
  writeSent(null);
}

async function sendLanguage(userId: string, language: Language): Promise<void> {
  await api.put("users/language", { json: { language } });
  writeSent(sentMark(userId, language));
}

/**
 * Sends the device's language choice for the signed-in user unless it was sent already. A failure is left for the
 * next page load, which tries again.
 */
export function useServerLanguageSync(): void {
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;
  useEffect(() => {
    const choice = readStoredLanguage();
    if (!userId || !choice || readSent() === sentMark(userId, choice)) return;
    sendLanguage(userId, choice).catch(() => undefined);
  }, [userId]);
}

/**
 * switchLanguage, telling the server first when someone is signed in. The interface switches even if the server
 * cannot be told now: the next page load sends the choice (useServerLanguageSync).
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;
  return useCallback(
    async (language) => {
      if (userId) await sendLanguage(userId, language).catch(() => undefined);
      switchLanguage(language);
    },
    [userId],
  );
}

import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ChatListItem } from "@lootlane/contract";

/** SPEC §2: the open chat survives a reload. */
const STORAGE_KEY = "selected-chat-id";
/** /chats?chat={id}: how another screen (the product page's Message seller) opens a chat here. */
const CHAT_PARAM = "chat";

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be switched off; the screen still works, it only forgets the choice.
    return null;
  }
}

function store(chatId: string | null): void {
  try {
    if (chatId) localStorage.setItem(STORAGE_KEY, chatId);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // See readStored.
  }
}

/**
 * The selected chat id: from the link that opened the screen, else the one kept in local storage. Once a fresh
 * list has arrived, an id that is not in it (a chat of another account, or gone) is dropped and forgotten.
 */
export function useSelectedChat(chats: ChatListItem[] | undefined, listIsFresh: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get(CHAT_PARAM);
  const [selected, setSelected] = useState<string | null>(() => linked ?? readStored());

  const select = useCallback((chatId: string | null) => {
    store(chatId);
    setSelected(chatId);
  }, []);

  useEffect(() => {
    if (!linked) return;
    select(linked);
    // The link has done its job; a reload then restores the choice from storage like any other.
    setSearchParams(
      (params) => {
        params.delete(CHAT_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [linked, select, setSearchParams]);

  const absent = selected !== null && listIsFresh && chats !== undefined && !chats.some((chat) => chat.id === selected);
  useEffect(() => {
    if (absent) select(null);
  }, [absent, select]);

  return [absent ? null : selected, select] as const;
}

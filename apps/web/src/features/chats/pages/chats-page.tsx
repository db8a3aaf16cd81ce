import { Alert, Button, EmptyState, Stack, Text } from "@mantine/core";
import { CHATS_NARROW_BREAKPOINT_PX } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { ChatIcon } from "@/shared/ui/icons";
import { PageLoader } from "@/shared/ui/page-loader";
import { PageTitle } from "@/shared/ui/page-title";
import { useChats } from "../api/get-chats";
import { ChatList } from "../components/chat-list";
import classes from "../components/chats-layout.module.css";
import { Conversation } from "../components/conversation";
import { useSelectedChat } from "../hooks/use-selected-chat";
import { ChatDataShapeError } from "../lib/chat-data-error";

/**
 * /chats (SPEC §2 Chats): the chat list and the open conversation side by side; below 768 px one of them at a
 * time, the conversation with a back arrow to the list.
 */
export function ChatsPage() {
  const { t } = useTranslation("chats");
  const { t: tc } = useTranslation("common");
  const { data: user } = useCurrentUser();
  const chats = useChats();
  const [selectedId, select] = useSelectedChat(chats.data, chats.isSuccess && !chats.isFetching);
  const narrow = useIsBelow(CHATS_NARROW_BREAKPOINT_PX);

  let content;
  if (chats.isPending) {
    content = <PageLoader />;
  } else if (chats.isError) {
    const badShape = chats.error instanceof ChatDataShapeError;
    content = (
      <Alert color="red" title={badShape ? t("errorDataStructure") : t("errorLoadingChats")}>
        <Stack gap="sm" align="flex-start">
          {!badShape && <Text size="sm">{describeError(chats.error)}</Text>}
          <Button variant="light" color="red" onClick={() => void chats.refetch()}>
            {tc("retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const selected = chats.data.find((chat) => chat.id === selectedId) ?? null;
    const showList = !narrow || !selected;
    const showConversation = !narrow || selected;
    content = (
      <div className={classes.layout}>
        {showList && (
          <div className={classes.listPane}>
            <ChatList chats={chats.data} selectedId={selected?.id ?? null} onSelect={select} />
          </div>
        )}
        {showConversation &&
          (selected && user ? (
            <Conversation
              key={selected.id}
              chat={selected}
              ownUserId={user.id}
              onBack={narrow ? () => select(null) : undefined}
            />
          ) : (
            <EmptyState variant="light" icon={<ChatIcon size={28} />} title={t("selectChat")} m="auto" />
          ))}
      </div>
    );
  }

  return (
    <>
      <PageTitle>{t("title")}</PageTitle>
      {content}
    </>
  );
}

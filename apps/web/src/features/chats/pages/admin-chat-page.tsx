import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { describeError } from "@/shared/errors/error-message";
import { messagesOf } from "@/shared/realtime/chat-cache";
import { useRealtime } from "@/shared/realtime/realtime-provider";
import { PageTitle } from "@/shared/ui/page-title";
import { useChatMessages } from "../api/get-chat-messages";
import { useChatProduct } from "../api/get-chat-product";
import { useSendAttachment, type AttachmentUpload } from "../api/send-attachment";
import classes from "../components/chats-layout.module.css";
import { MessageList } from "../components/message-list";
import { SendBar } from "../components/send-bar";
import { useSendMessage } from "../hooks/use-send-message";
import { sendBarError } from "../lib/send-bar-error";

/**
 * /admin/chats/{chatId} (issue 22): an admin in a deal's chat, reading it live and, while the deal is disputed,
 * writing in it; their messages show to both members as the Lootlane admin's. Every message names its sender,
 * since neither member is "the other side" here. The server refuses the admin's send once no dispute is open.
 */
export function AdminChatPage() {
  const { t } = useTranslation("chats");
  const { t: tc } = useTranslation("common");
  const chatId = useParams().chatId ?? "";
  const { data: user } = useCurrentUser();
  const connection = useRealtime();
  const product = useChatProduct(chatId);
  const messages = useChatMessages(chatId);
  const send = useSendMessage(chatId);
  const attachment = useSendAttachment(chatId);

  // In the chat's room while the page is open, so both members' messages arrive live.
  useEffect(() => connection?.joinRoom(chatId), [connection, chatId]);

  async function onSend(text: string): Promise<boolean> {
    attachment.reset();
    return send.mutateAsync(text).then(
      () => true,
      () => false,
    );
  }
  async function onAttach(upload: AttachmentUpload): Promise<boolean> {
    send.reset();
    return attachment.mutateAsync(upload).then(
      () => true,
      () => false,
    );
  }

  const deal = product.data?.deal ?? null;
  const title = product.data?.title ?? t("admin.title");
  let body;
  if (messages.isPending) {
    body = (
      <Center flex={1} role="status">
        <Loader role="progressbar" aria-label={tc("loading")} />
      </Center>
    );
  } else if (messages.isError) {
    body = (
      <Alert color="red" title={t("errorLoadingMessages")} m="md">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(messages.error)}</Text>
          <Button variant="light" color="red" onClick={() => void messages.refetch()}>
            {tc("retry")}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <MessageList
        messages={messagesOf(messages.data)}
        ownUserId={user?.id ?? ""}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
        showSenders
      />
    );
  }

  return (
    <Stack gap="md">
      <PageTitle>{t("admin.pageTitle", { title })}</PageTitle>
      <Anchor component={Link} to="/admin/deals" size="sm">
        {t("admin.back")}
      </Anchor>
      <section className={`${classes.layout} ${classes.adminLayout}`} aria-label={t("admin.label", { title })}>
        <div className={classes.conversation}>
          <Stack className={classes.header} gap={4}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {title}
              </Text>
              {deal?.status === "disputed" && (
                <Badge color="orange" variant="light">
                  {t("deal.disputeOpen")}
                </Badge>
              )}
            </Group>
            {deal && (
              <Text size="sm" c="dimmed">
                {t("admin.parties", { buyer: deal.buyer.username, seller: deal.seller.username })}
              </Text>
            )}
          </Stack>
          {body}
          <SendBar
            onSend={onSend}
            onTyping={() => undefined}
            sending={send.isPending}
            error={sendBarError(t, send.error, attachment.error)}
            onAttach={onAttach}
            attaching={attachment.isPending}
          />
        </div>
      </section>
    </Stack>
  );
}

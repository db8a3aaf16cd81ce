import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { dealEventSchema, formatPrice, type ChatMessage, type Deal } from "@lootlane/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { formatDateTime } from "@/shared/format/date";
import { useChatTranscript } from "../../api/get-chat-transcript";
import { OffPlatformBadge, OffPlatformCount } from "./off-platform-badge";

/** Who wrote a message, as the admin needs it: the name and which side of the deal they are on. */
function senderName(t: TFunction<"adminDeals">, deal: Deal, message: ChatMessage): string {
  if (message.sender_id === deal.buyer.id) return t("chat.role.buyer", { username: deal.buyer.username });
  if (message.sender_id === deal.seller.id) return t("chat.role.seller", { username: deal.seller.username });
  if (message.from_admin) return t("chat.role.admin", { username: message.sender_username ?? "" });
  return message.sender_username ?? t("chat.unknownSender");
}

/** A system message's text is a deal event code, shown in the admin's language; anything else as it came. */
function systemText(t: TFunction<"adminDeals">, text: string): string {
  const event = dealEventSchema.safeParse(text);
  return event.success ? t(`chat.events.${event.data}`) : text;
}

function TranscriptMessage({ deal, message }: { deal: Deal; message: ChatMessage }) {
  const { t } = useTranslation("adminDeals");
  const time = formatDateTime(message.created_at);
  if (message.message_type === "system" || (message.message_type === "purchase_info" && message.product)) {
    const text =
      message.message_type === "system"
        ? systemText(t, message.text)
        : t("chat.purchase", {
            title: message.product?.title ?? "",
            price: formatPrice(message.product?.price ?? deal.price),
          });
    return (
      <Box component="li" ta="center" py={4}>
        <Text size="xs" c="dimmed" fw={500}>
          {t("chat.system")} · {time}
        </Text>
        <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: "anywhere" }}>
          {text}
        </Text>
      </Box>
    );
  }
  const fromBuyer = message.sender_id === deal.buyer.id;
  return (
    <Paper component="li" withBorder radius="md" p="xs" bg={fromBuyer ? "gray.0" : "blue.0"}>
      <Text size="xs" c="dimmed">
        <Text span inherit fw={600} c="dark">
          {senderName(t, deal, message)}
        </Text>{" "}
        · {time}
      </Text>
      {message.attachments.length > 0 && (
        <Group gap="xs" my={4}>
          {message.attachments.map((attachment, index) => (
            <Anchor key={attachment.url} href={attachment.url} target="_blank" rel="noopener" size="sm">
              {t("chat.image", { index: index + 1 })}
            </Anchor>
          ))}
        </Group>
      )}
      <OffPlatformBadge kinds={message.off_platform} />
      {/* Rendered as text, never as HTML, whatever it contains. */}
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {message.text}
      </Text>
    </Paper>
  );
}

/**
 * A deal's chat as an admin reads it (ARCHITECTURE §4 "Chats": admins read, never write): oldest first, who wrote
 * what and when, the platform's deal updates in between. Earlier pages load on request.
 */
export function ChatTranscript({ deal }: { deal: Deal }) {
  const { t } = useTranslation("adminDeals");
  const { t: tc } = useTranslation("common");
  const transcript = useChatTranscript(deal.chat_id);

  if (transcript.isPending) {
    return (
      <Center py="xl" role="status" aria-label={tc("loading")}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (transcript.isError) {
    return (
      <Alert color="red" title={t("chat.errorLoading")} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeError(transcript.error)}</Text>
          <Button variant="light" color="red" onClick={() => void transcript.refetch()}>
            {tc("retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  // Pages arrive newest first, each oldest first inside.
  const messages = [...transcript.data.pages].reverse().flat();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("chat.readOnly")} {t("chat.messages", { count: messages.length })}
      </Text>
      <OffPlatformCount messages={messages} />
      {transcript.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void transcript.fetchNextPage()}
          loading={transcript.isFetchingNextPage}
        >
          {t("chat.loadEarlier")}
        </Button>
      )}
      {messages.length === 0 ? (
        <Text ta="center" c="dimmed" py="md">
          {t("chat.empty")}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} aria-label={t("chat.messagesLabel")} style={{ listStyle: "none" }}>
          {messages.map((message) => (
            <TranscriptMessage key={message.id} deal={deal} message={message} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

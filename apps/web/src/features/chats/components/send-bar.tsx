import { ActionIcon, Group, Text, Textarea } from "@mantine/core";
import { CHAT_MESSAGE_MAX } from "@lootlane/contract";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import classes from "./chats-layout.module.css";

interface SendBarProps {
  /** Resolves true when the message was sent, so the text is cleared only then. */
  onSend: (text: string) => Promise<boolean>;
  onTyping: () => void;
  sending: boolean;
  error: string | null;
}

function SendIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={20}
      height={20}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 12 20 4l-6 16-3-7z" />
      <path d="m11 13 9-9" />
    </svg>
  );
}

/** SPEC §2 send bar: Enter sends, Shift+Enter starts a new line, blank text is ignored; at most 2,000 characters. */
export function SendBar({ onSend, onTyping, sending, error }: SendBarProps) {
  const { t } = useTranslation("chats");
  const [text, setText] = useState("");

  async function send() {
    const message = text.trim();
    if (!message || sending) return;
    if (await onSend(message)) setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes (Japanese, Chinese), Enter confirms the composition, not the message.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <div className={classes.sendBar}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          flex={1}
          // A fixed two-line field: autosize listens on document.fonts, which jsdom (the tests' DOM) lacks.
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          placeholder={t("placeholder")}
          aria-label={t("messageLabel")}
          error={error ?? undefined}
        />
        <ActionIcon
          size={36}
          radius="xl"
          onClick={() => void send()}
          loading={sending}
          disabled={!text.trim()}
          aria-label={t("send")}
        >
          <SendIcon />
        </ActionIcon>
      </Group>
      {text.length > CHAT_MESSAGE_MAX * 0.9 && (
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          {t("counter", { length: text.length, max: CHAT_MESSAGE_MAX })}
        </Text>
      )}
    </div>
  );
}

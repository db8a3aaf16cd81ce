import { ActionIcon, Group, Text, Textarea } from "@mantine/core";
import { CHAT_MESSAGE_MAX } from "@lootlane/contract";
import { useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from "react";
import { checkImageFile, type ImageFileProblem } from "@/shared/lib/image-file";
import type { AttachmentUpload } from "../api/send-attachment";
import { AttachButton } from "./attach-button";
import { useTranslation } from "react-i18next";
import classes from "./chats-layout.module.css";

interface SendBarProps {
  /** Resolves true when the message was sent, so the text is cleared only then. */
  onSend: (text: string) => Promise<boolean>;
  onTyping: () => void;
  sending: boolean;
  error: string | null;
  /** Sends an image with the typed text as its caption; resolves true when sent, so the text is cleared only then. */
  onAttach: (upload: AttachmentUpload) => Promise<boolean>;
  attaching: boolean;
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

/** The first image among pasted or dropped files; other files are not ours to send. */
function imageOf(files: FileList | null | undefined): File | undefined {
  return Array.from(files ?? []).find((file) => file.type.startsWith("image/"));
}

/**
 * SPEC §2 send bar: Enter sends, Shift+Enter starts a new line, blank text is ignored; at most 2,000 characters.
 * Beyond the spec (issue 22): an image, picked with the attach button, pasted or dropped, is sent with the
 * typed text as its caption.
 */
export function SendBar({ onSend, onTyping, sending, error, onAttach, attaching }: SendBarProps) {
  const { t } = useTranslation("chats");
  const [text, setText] = useState("");
  // Refused before the upload, as the server would refuse it; cleared by the next pick or message.
  const [problem, setProblem] = useState<ImageFileProblem | null>(null);

  async function attach(file: File | null | undefined) {
    if (!file || attaching) return;
    const found = checkImageFile(file);
    setProblem(found);
    if (found) return;
    if (await onAttach({ file, caption: text.trim() })) setText("");
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const file = imageOf(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    void attach(file);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    const file = imageOf(event.dataTransfer.files);
    if (!file) return;
    event.preventDefault();
    void attach(file);
  }

  async function send() {
    const message = text.trim();
    if (!message || sending) return;
    setProblem(null);
    if (await onSend(message)) setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes (Japanese, Chinese), Enter confirms the composition, not the message.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <div className={classes.sendBar} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <AttachButton onPick={(file) => void attach(file)} attaching={attaching} />
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
          onPaste={onPaste}
          placeholder={t("placeholder")}
          aria-label={t("messageLabel")}
          error={problem ? t(`attachments.${problem}`) : (error ?? undefined)}
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
      {attaching && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          {t("attachments.uploading")}
        </Text>
      )}
      {text.length > CHAT_MESSAGE_MAX * 0.9 && (
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          {t("counter", { length: text.length, max: CHAT_MESSAGE_MAX })}
        </Text>
      )}
    </div>
  );
}

import { ActionIcon, FileButton } from "@mantine/core";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_ACCEPT } from "@/shared/lib/image-file";

function PaperclipIcon() {
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
      <path d="m20 11.5-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
    </svg>
  );
}

/** Opens the file picker for one .jpg/.jpeg/.png image; spins while the picked one uploads. */
export function AttachButton({ onPick, attaching }: { onPick: (file: File | null) => void; attaching: boolean }) {
  const { t } = useTranslation("chats");
  // Cleared after each pick, so picking the same file again (after a failed upload) still sends it.
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={resetRef}
      onChange={(file) => {
        onPick(file);
        resetRef.current?.();
      }}
      accept={IMAGE_ACCEPT}
      inputProps={{ "aria-label": t("attachments.attach") }}
    >
      {(props) => (
        <ActionIcon
          {...props}
          size={36}
          radius="xl"
          variant="default"
          loading={attaching}
          aria-label={t("attachments.attach")}
        >
          <PaperclipIcon />
        </ActionIcon>
      )}
    </FileButton>
  );
}

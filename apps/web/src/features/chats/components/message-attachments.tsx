import { Image, Modal, UnstyledButton } from "@mantine/core";
import type { MessageAttachment } from "@lootlane/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./message-attachments.module.css";

/** The thumbnail's box, px: a screenshot of any shape fits, and the list does not jump when it loads. */
const THUMBNAIL_BOX = 220;

function thumbnailSize({ width, height }: MessageAttachment) {
  const scale = Math.min(1, THUMBNAIL_BOX / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The images of a message as thumbnails; each opens the full image in a dialog. The thumbnails are buttons,
 * so the keyboard reaches them; the caption (or "image n of m") is their alternative text.
 */
export function MessageAttachments({ attachments, caption }: { attachments: MessageAttachment[]; caption: string }) {
  const { t } = useTranslation("chats");
  const [open, setOpen] = useState<number | null>(null);
  const alt = (index: number) =>
    caption
      ? t("attachments.altWithCaption", { caption, index: index + 1, total: attachments.length })
      : t("attachments.alt", { index: index + 1, total: attachments.length });
  const shown = open === null ? undefined : attachments[open];
  return (
    <>
      <div className={classes.grid}>
        {attachments.map((attachment, index) => (
          <UnstyledButton
            key={attachment.url}
            className={classes.thumbnail}
            onClick={() => setOpen(index)}
            aria-label={t("attachments.open", { alt: alt(index) })}
          >
            <Image src={attachment.thumbnail_url} alt={alt(index)} radius="md" {...thumbnailSize(attachment)} />
          </UnstyledButton>
        ))}
      </div>
      <Modal
        opened={shown !== undefined}
        onClose={() => setOpen(null)}
        title={t("attachments.title")}
        size="auto"
        centered
        closeButtonProps={{ "aria-label": t("attachments.close") }}
      >
        {shown && (
          <Image
            src={shown.url}
            alt={alt(open!)}
            fit="contain"
            className={classes.full}
            style={{ aspectRatio: `${shown.width} / ${shown.height}` }}
          />
        )}
      </Modal>
    </>
  );
}

import { Modal } from "@mantine/core";
import type { Deal } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { ChatTranscript } from "./chat-transcript";

const PHONE_PX = 576;

/** The deal's chat in a dialog, full screen on a phone. Its messages are fetched only while it is open. */
export function ChatTranscriptModal({ deal, opened, onClose }: { deal: Deal; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("adminDeals");
  const phone = useIsBelow(PHONE_PX);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("chat.title", { title: deal.product.title })}
      size="lg"
      fullScreen={phone}
    >
      <ChatTranscript deal={deal} />
    </Modal>
  );
}

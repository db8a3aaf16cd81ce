import { Button, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useOpenDispute } from "../../api/open-dispute";
import { DisputeForm } from "./dispute-form";

interface ReportDealButtonProps {
  chatId: string;
  dealId: string;
}

/** The buyer's Report (SPEC §2; ARCHITECTURE §4 Disputes): opens a dispute that holds the money for an admin to decide. */
export function ReportDealButton({ chatId, dealId }: ReportDealButtonProps) {
  const { t } = useTranslation("chats");
  const [opened, dialog] = useDisclosure(false);
  const dispute = useOpenDispute(chatId);

  function close() {
    if (dispute.isPending) return;
    dialog.close();
    dispute.reset();
  }

  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={dialog.open}>
        {t("deal.report")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("dispute.title")} centered>
        <DisputeForm
          onSubmit={(request) => dispute.mutate({ dealId, ...request }, { onSuccess: dialog.close })}
          onCancel={close}
          submitting={dispute.isPending}
          error={dispute.isError ? `${t("dispute.error")}: ${describeError(dispute.error)}` : null}
        />
      </Modal>
    </>
  );
}

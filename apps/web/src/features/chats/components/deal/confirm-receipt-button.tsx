import { Alert, Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useConfirmReceipt } from "../../api/confirm-receipt";

interface ConfirmReceiptButtonProps {
  chatId: string;
  productId: string;
}

/** The buyer's Confirm Receipt (SPEC §2), asked twice: it pays the seller and cannot be undone. */
export function ConfirmReceiptButton({ chatId, productId }: ConfirmReceiptButtonProps) {
  const { t } = useTranslation("chats");
  const { t: tc } = useTranslation("common");
  const [opened, dialog] = useDisclosure(false);
  const confirm = useConfirmReceipt(chatId);

  function close() {
    if (confirm.isPending) return;
    dialog.close();
    confirm.reset();
  }

  return (
    <>
      <Button size="xs" color="green" onClick={dialog.open}>
        {t("deal.confirmReceipt")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("deal.confirmTitle")} centered>
        <Text size="sm">{t("deal.confirmText")}</Text>
        {confirm.isError && (
          <Alert color="red" mt="md" role="alert">
            {`${t("errorConfirm")}: ${describeError(confirm.error)}`}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={confirm.isPending}>
            {tc("cancel")}
          </Button>
          <Button
            color="green"
            loading={confirm.isPending}
            onClick={() => confirm.mutate(productId, { onSuccess: dialog.close })}
          >
            {t("deal.confirmAction")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

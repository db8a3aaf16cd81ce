import { Alert, Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { describeError } from "@/shared/errors/error-message";
import { useDeleteProduct } from "../../api/delete-product";

interface DeleteProductButtonProps {
  productId: string;
  /** The owner's name: after deleting they land on their own profile. */
  ownerUsername: string;
}

/** Delete, asked twice (SPEC §2): the dialog says what happens and shows why it failed, if it does. */
export function DeleteProductButton({ productId, ownerUsername }: DeleteProductButtonProps) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteProduct();
  const navigate = useNavigate();

  function close() {
    if (remove.isPending) return;
    dialog.close();
    remove.reset();
  }

  function confirm() {
    remove.mutate(productId, {
      onSuccess: () => {
        notifications.show({ color: "green", message: t("delete.done") });
        void navigate(`/profile/${encodeURIComponent(ownerUsername)}`, { replace: true });
      },
    });
  }

  return (
    <>
      <Button color="red" variant="light" onClick={dialog.open}>
        {t("delete.action")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("delete.title")} centered>
        <Text size="sm">{t("delete.text")}</Text>
        {remove.isError && (
          <Alert color="red" mt="md" role="alert">
            {describeError(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {tc("cancel")}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {t("delete.confirm")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

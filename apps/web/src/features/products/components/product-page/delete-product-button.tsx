import { Button, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useDeleteProduct } from "../../api/delete-product";

interface DeleteProductButtonProps {
  productId: string;
  /** The owner's name: after deleting they land on their own profile. */
  ownerUsername: string;
}

/** Delete, asked twice (SPEC §2): the dialog says what happens and shows why it failed, if it does. */
export function DeleteProductButton({ productId, ownerUsername }: DeleteProductButtonProps) {
  const { t } = useTranslation("products");
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteProduct();
  const navigate = useNavigate();

  function close() {
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
      <ConfirmDialog
        opened={opened}
        title={t("delete.title")}
        confirmLabel={t("delete.confirm")}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirm}
        onClose={close}
      >
        <Text size="sm">{t("delete.text")}</Text>
      </ConfirmDialog>
    </>
  );
}

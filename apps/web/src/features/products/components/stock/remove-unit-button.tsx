import { Button, Code, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { StockUnit } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useRemoveStockUnit } from "../../api/remove-stock-unit";

/** Remove, asked twice: the dialog shows the unit, so the seller knows which one goes, and why it failed if it does. */
export function RemoveUnitButton({ productId, unit }: { productId: string; unit: StockUnit }) {
  const { t } = useTranslation("products");
  const [opened, dialog] = useDisclosure(false);
  const remove = useRemoveStockUnit();

  function close() {
    dialog.close();
    remove.reset();
  }

  function confirm() {
    remove.mutate(
      { productId, unitId: unit.id },
      {
        onSuccess: () => {
          dialog.close();
          notifications.show({ color: "green", message: t("stock.remove.done") });
        },
      },
    );
  }

  return (
    <>
      <Button
        size="compact-sm"
        color="red"
        variant="subtle"
        onClick={dialog.open}
        aria-label={t("stock.remove.label", { item: unit.item })}
      >
        {t("stock.remove.action")}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t("stock.remove.title")}
        confirmLabel={t("stock.remove.confirm")}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirm}
        onClose={close}
      >
        <Text size="sm">{t("stock.remove.text")}</Text>
        <Code block mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {unit.item}
        </Code>
      </ConfirmDialog>
    </>
  );
}

import { Alert, Button, Code, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { StockUnit } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { describeError } from "@/shared/errors/error-message";
import { useRemoveStockUnit } from "../../api/remove-stock-unit";

/** Remove, asked twice: the dialog shows the unit, so the seller knows which one goes, and why it failed if it does. */
export function RemoveUnitButton({ productId, unit }: { productId: string; unit: StockUnit }) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  const [opened, dialog] = useDisclosure(false);
  const remove = useRemoveStockUnit();

  function close() {
    if (remove.isPending) return;
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
      <Modal opened={opened} onClose={close} title={t("stock.remove.title")} centered>
        <Text size="sm">{t("stock.remove.text")}</Text>
        <Code block mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {unit.item}
        </Code>
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
            {t("stock.remove.confirm")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

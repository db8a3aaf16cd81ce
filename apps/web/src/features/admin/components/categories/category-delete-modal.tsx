import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import type { Category } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { useDeleteCategory } from "../../api/category-changes";

interface CategoryDeleteModalProps {
  category: Category;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks before deleting a category. The server refuses one with anything under it (CATEGORY_NOT_EMPTY); the
 * refusal is shown here, in the admin's language, with the way out: hiding it instead.
 */
export function CategoryDeleteModal({ category, opened, onClose }: CategoryDeleteModalProps) {
  const { t } = useTranslation("adminCatalog");
  const { t: tc } = useTranslation("common");
  const remove = useDeleteCategory();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t("categories.delete.title", { name: category.name })}>
      <Stack gap="md">
        <Text size="sm">{t("categories.delete.confirm", { name: category.name })}</Text>
        {remove.isError && (
          <Alert color="red" title={t("categories.delete.refused")} role="alert">
            {describeError(remove.error)}
            <Text size="sm" mt={4}>
              {t("categories.delete.hideInstead")}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {tc("cancel")}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={remove.isError}
            onClick={() =>
              remove.mutate(category.id, {
                onSuccess: () => {
                  notifications.show({ color: "green", message: t("categories.delete.done", { name: category.name }) });
                  close();
                },
              })
            }
          >
            {t("categories.delete.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useState } from "react";
import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Category } from "@lootlane/contract";
import { useReorderCategories } from "../../api/category-changes";
import { useUpdateCategory } from "../../api/update-category";
import { CategoryDeleteModal } from "./category-delete-modal";
import { CategoryEditModal } from "./category-edit-modal";

interface CategoryActionsProps {
  category: Category;
  /** The category and its siblings in their current order: moving swaps it with a neighbour. */
  siblings: Category[];
}

/** The order of `siblings` with the category at `index` swapped with its neighbour `step` away. */
function movedOrder(siblings: Category[], index: number, step: -1 | 1): string[] {
  const ids = siblings.map((sibling) => sibling.id);
  [ids[index], ids[index + step]] = [ids[index + step]!, ids[index]!];
  return ids;
}

/**
 * Edit, move up or down (buttons, so the keyboard reorders as well as the mouse), hide or show, and delete one
 * category. Each button names the category for screen readers, since a list holds many alike.
 */
export function CategoryActions({ category, siblings }: CategoryActionsProps) {
  const { t } = useTranslation("adminCatalog");
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const reorder = useReorderCategories();
  const update = useUpdateCategory();
  const index = siblings.findIndex((sibling) => sibling.id === category.id);
  const move = (step: -1 | 1) =>
    reorder.mutate({ parent_id: category.parent_id ?? null, ids: movedOrder(siblings, index, step) });
  const name = category.name;
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => setDialog("edit")}
        aria-label={t("categories.actions.editOf", { name })}
      >
        {t("categories.actions.edit")}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        disabled={index <= 0 || reorder.isPending}
        onClick={() => move(-1)}
        aria-label={t("categories.actions.moveUpOf", { name })}
      >
        ↑ {t("categories.actions.moveUp")}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        disabled={index < 0 || index >= siblings.length - 1 || reorder.isPending}
        onClick={() => move(1)}
        aria-label={t("categories.actions.moveDownOf", { name })}
      >
        ↓ {t("categories.actions.moveDown")}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        loading={update.isPending}
        onClick={() => update.mutate({ id: category.id, hidden: !category.hidden })}
        aria-label={t(category.hidden ? "categories.actions.showOf" : "categories.actions.hideOf", { name })}
      >
        {t(category.hidden ? "categories.actions.show" : "categories.actions.hide")}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        onClick={() => setDialog("delete")}
        aria-label={t("categories.actions.deleteOf", { name })}
      >
        {t("categories.actions.delete")}
      </Button>
      <CategoryEditModal category={category} opened={dialog === "edit"} onClose={() => setDialog(null)} />
      <CategoryDeleteModal category={category} opened={dialog === "delete"} onClose={() => setDialog(null)} />
    </Group>
  );
}

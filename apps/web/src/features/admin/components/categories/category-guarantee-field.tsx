import { useState } from "react";
import { Button, Group, NumberInput } from "@mantine/core";
import { GUARANTEE_DAYS_MAX, type Category } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { useUpdateCategory } from "../../api/update-category";

/**
 * The category's guarantee period after receipt (issue 22), in days: empty takes its game's (a game: none), 0 is
 * none. Saved on its own, so changing it never touches the rest of the category.
 */
export function CategoryGuaranteeField({ category }: { category: Category }) {
  const { t } = useTranslation("adminCatalog");
  const update = useUpdateCategory();
  const [value, setValue] = useState<number | "">(category.guarantee_days ?? "");
  const days = value === "" ? null : value;
  const changed = days !== category.guarantee_days;
  const isGame = category.parent_id === undefined;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        size="xs"
        w={150}
        label={t("categories.guarantee.label")}
        aria-label={t("categories.guarantee.of", { name: category.name })}
        placeholder={t(isGame ? "categories.guarantee.none" : "categories.guarantee.inherit")}
        min={0}
        max={GUARANTEE_DAYS_MAX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={value}
        onChange={(next) => setValue(typeof next === "number" ? next : "")}
      />
      <Button
        size="xs"
        variant="light"
        disabled={!changed}
        loading={update.isPending}
        onClick={() => update.mutate({ id: category.id, guarantee_days: days })}
      >
        {t("categories.guarantee.save")}
      </Button>
    </Group>
  );
}

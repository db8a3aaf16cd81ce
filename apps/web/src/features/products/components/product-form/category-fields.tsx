import { Loader, Select, SimpleGrid } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { useCategoryText, useGames, useSubcategories } from "@/shared/catalog/categories";
import { describeError } from "@/shared/errors/error-message";
import type { ProductFormValues } from "./product-form-values";

/**
 * Game, then the kind of goods within it (ARCHITECTURE §4). The subcategory select appears once the chosen game
 * has subcategories; leaving it empty files the product under the game itself.
 */
export function CategoryFields({ form }: { form: UseFormReturnType<ProductFormValues> }) {
  const { t } = useTranslation("productForm");
  const { gameId } = form.getValues();
  const { name } = useCategoryText();
  const games = useGames();
  const subcategories = useSubcategories(gameId ?? undefined);
  const gameInput = form.getInputProps("gameId");

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        {...gameInput}
        label={t("fields.game.label")}
        placeholder={t("fields.game.placeholder")}
        withAsterisk
        data={(games.data ?? []).map((game) => ({ value: game.id, label: name(game) }))}
        searchable
        nothingFoundMessage={t("fields.game.nothingFound")}
        allowDeselect={false}
        rightSection={games.isPending ? <Loader size="xs" /> : undefined}
        error={gameInput.error ?? (games.isError ? describeError(games.error) : undefined)}
        onChange={(id) => {
          // A subcategory belongs to one game: a new game starts without one.
          form.setFieldValue("gameId", id);
          form.setFieldValue("subcategoryId", null);
        }}
      />
      {gameId && subcategories.data && subcategories.data.length > 0 && (
        <Select
          {...form.getInputProps("subcategoryId")}
          label={t("fields.subcategory.label")}
          placeholder={t("fields.subcategory.placeholder")}
          description={t("fields.subcategory.description")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          data={subcategories.data.map((subcategory) => ({ value: subcategory.id, label: name(subcategory) }))}
          clearable
        />
      )}
    </SimpleGrid>
  );
}

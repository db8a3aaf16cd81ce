import { useState, type FormEvent } from "react";
import { Alert, Button, Group, Image, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, type Category } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { useReplaceCategoryImage } from "../../api/category-changes";
import { useUpdateCategory } from "../../api/update-category";
import { CategoryGuaranteeField } from "./category-guarantee-field";
import { CategoryImageField } from "./category-image-field";

interface CategoryEditFormProps {
  category: Category;
  onClose: () => void;
}

function CategoryEditForm({ category, onClose }: CategoryEditFormProps) {
  const { t } = useTranslation("adminCatalog");
  const { t: tc } = useTranslation("common");
  const update = useUpdateCategory();
  const replaceImage = useReplaceCategoryImage();
  const [name, setName] = useState(category.name);
  // The Russian texts show empty where they only repeat the English ones, as at creation.
  const [nameRu, setNameRu] = useState(category.name_ru === category.name ? "" : category.name_ru);
  const [description, setDescription] = useState(category.description);
  const [descriptionRu, setDescriptionRu] = useState(
    category.description_ru === category.description ? "" : category.description_ru,
  );
  const [image, setImage] = useState<File | null>(null);
  const pending = update.isPending || replaceImage.isPending;
  const failure = update.error ?? replaceImage.error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "" || pending) return;
    try {
      await update.mutateAsync({
        id: category.id,
        name: name.trim(),
        name_ru: nameRu.trim(),
        description: description.trim(),
        description_ru: descriptionRu.trim(),
      });
      if (image) await replaceImage.mutateAsync({ id: category.id, image });
    } catch {
      // The refusal shows in the form, which keeps what was typed.
      return;
    }
    notifications.show({ color: "green", message: t("categories.edit.saved", { name: name.trim() }) });
    onClose();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("categories.form.name")}
            withAsterisk
            required
            maxLength={CATEGORY_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={t("categories.form.nameRu")}
            placeholder={name.trim()}
            lang="ru"
            maxLength={CATEGORY_NAME_MAX}
            value={nameRu}
            onChange={(event) => setNameRu(event.currentTarget.value)}
          />
          <Textarea
            label={t("categories.form.description")}
            rows={3}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Textarea
            label={t("categories.form.descriptionRu")}
            placeholder={description.trim() || undefined}
            lang="ru"
            rows={3}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            value={descriptionRu}
            onChange={(event) => setDescriptionRu(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("categories.form.russianFallback")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("categories.edit.slugKept", { slug: category.slug })}
        </Text>
        {category.image_url && !image && (
          <Group gap="sm">
            <Image src={category.image_url} alt={t("categories.edit.currentImage")} w={64} h={64} radius="sm" />
            <Text size="sm">{t("categories.edit.currentImage")}</Text>
          </Group>
        )}
        <CategoryImageField value={image} onChange={setImage} disabled={pending} />
        {failure && (
          <Alert color="red" title={t("categories.edit.failed")} role="alert">
            {describeError(failure)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {tc("cancel")}
          </Button>
          <Button type="submit" disabled={name.trim() === ""} loading={pending}>
            {t("categories.edit.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CategoryEditModalProps {
  category: Category;
  opened: boolean;
  onClose: () => void;
}

/**
 * Edits a category: names and descriptions in both languages and, optionally, a new image (previewed before it
 * is sent). The guarantee period is saved on its own, as in the list. The slug stays, so links keep working.
 */
export function CategoryEditModal({ category, opened, onClose }: CategoryEditModalProps) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("categories.edit.title", { name: category.name })}
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <CategoryEditForm category={category} onClose={onClose} />
        <CategoryGuaranteeField category={category} />
      </Stack>
    </Modal>
  );
}

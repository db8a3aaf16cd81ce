import { useState, type FormEvent } from "react";
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_IMAGE_FIELD, CATEGORY_NAME_MAX, type Category } from "@lootlane/contract";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useCreateCategory } from "../../api/create-category";
import { CategoryImageField } from "./category-image-field";

type FormField = "name" | "description" | "image";

/** Refusals about one field are shown at that field; anything else above the buttons. */
const FIELD_OF_ERROR = {
  codes: {
    CATEGORY_ALREADY_EXISTS: "name",
    CATEGORY_NAME_ALREADY_EXISTS: "name",
    WRONG_FILE_TYPE: "image",
    WRONG_IMAGE_FORMAT: "image",
    IMAGE_TOO_LARGE: "image",
  },
  serverFields: { name: "name", description: "description", [CATEGORY_IMAGE_FIELD]: "image" },
} as const satisfies Parameters<typeof fieldErrorsOf<FormField>>[1];

interface CategoryFormProps {
  /** The game a new subcategory belongs to; none for a new game. */
  parent: Category | null;
  onClose: () => void;
}

function CategoryForm({ parent, onClose }: CategoryFormProps) {
  const { t } = useTranslation("adminCatalog");
  const { t: tc } = useTranslation("common");
  const create = useCreateCategory();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const ready = name.trim() !== "" && image !== null;

  const fieldErrors = create.isError ? fieldErrorsOf<FormField>(create.error, FIELD_OF_ERROR) : {};
  const generalError = create.isError && Object.keys(fieldErrors).length === 0 ? describeError(create.error) : null;

  // A refusal is about what was sent; once the admin changes the form it no longer applies.
  function edit<T>(set: (value: T) => void) {
    return (value: T) => {
      if (create.isError) create.reset();
      set(value);
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate(
      { name: name.trim(), description: description.trim(), image, ...(parent ? { parentId: parent.id } : {}) },
      {
        onSuccess: (category) => {
          notifications.show({
            color: "green",
            message: parent
              ? t("categories.subcategoryAdded", { name: category.name, game: parent.name })
              : t("categories.gameAdded", { name: category.name }),
          });
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("categories.form.name")}
          placeholder={parent ? t("categories.form.subcategoryPlaceholder") : t("categories.form.gamePlaceholder")}
          withAsterisk
          required
          maxLength={CATEGORY_NAME_MAX}
          value={name}
          onChange={(event) => edit(setName)(event.currentTarget.value)}
          error={fieldErrors.name}
          data-autofocus
        />
        <Textarea
          label={t("categories.form.description")}
          // Fixed rows: autosize listens on document.fonts, which jsdom (the tests' DOM) lacks.
          rows={3}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => edit(setDescription)(event.currentTarget.value)}
          error={fieldErrors.description}
        />
        <CategoryImageField
          value={image}
          onChange={edit(setImage)}
          error={fieldErrors.image}
          disabled={create.isPending}
        />
        {generalError && (
          <Alert color="red" title={t("categories.form.failed")}>
            {generalError}
          </Alert>
        )}
        {!ready && (
          <Text size="xs" c="dimmed">
            {t("categories.form.required")}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {tc("cancel")}
          </Button>
          <Button type="submit" disabled={!ready} loading={create.isPending}>
            {t("categories.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CategoryFormModalProps {
  opened: boolean;
  parent: Category | null;
  onClose: () => void;
}

/**
 * 'Add Category' (a game) or 'Add Subcategory' (of `parent`): name and image required, description optional.
 * The dialog unmounts its content once closed, so each opening starts empty; a refusal keeps the input.
 */
export function CategoryFormModal({ opened, parent, onClose }: CategoryFormModalProps) {
  const { t } = useTranslation("adminCatalog");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={parent ? t("categories.newSubcategoryTitle", { game: parent.name }) : t("categories.newGameTitle")}
      size="lg"
      closeOnClickOutside={false}
    >
      <CategoryForm parent={parent} onClose={onClose} />
    </Modal>
  );
}

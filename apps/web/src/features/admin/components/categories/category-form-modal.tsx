import { useState, type FormEvent } from "react";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_IMAGE_FIELD, CATEGORY_NAME_MAX, type Category } from "@lootlane/contract";
import { toApiError } from "@/shared/api/api-error";
import { describeError } from "@/shared/errors/error-message";
import { fieldErrorsOf } from "@/shared/errors/field-errors";
import { useCreateCategory } from "../../api/create-category";
import { CategoryImageField } from "./category-image-field";

type FormField = "name" | "nameRu" | "description" | "descriptionRu" | "image";

const SERVER_FIELDS: Partial<Record<string, FormField>> = {
  name: "name",
  name_ru: "nameRu",
  description: "description",
  description_ru: "descriptionRu",
  [CATEGORY_IMAGE_FIELD]: "image",
};

/** Refusals about one field are shown at that field; anything else above the buttons. */
const FIELD_OF_ERROR = {
  codes: {
    CATEGORY_ALREADY_EXISTS: "name",
    WRONG_FILE_TYPE: "image",
    WRONG_IMAGE_FORMAT: "image",
    IMAGE_TOO_LARGE: "image",
  },
  serverFields: SERVER_FIELDS,
} as const satisfies Parameters<typeof fieldErrorsOf<FormField>>[1];

/** A name a sibling already has shows at each name the server says is taken: English, Russian or both. */
function formErrorsOf(error: unknown): Partial<Record<FormField, string>> {
  const { code, fieldErrors = [] } = toApiError(error);
  if (code !== "CATEGORY_NAME_ALREADY_EXISTS") return fieldErrorsOf<FormField>(error, FIELD_OF_ERROR);
  const taken = fieldErrors
    .map(({ field }) => SERVER_FIELDS[field])
    .filter((field) => field === "name" || field === "nameRu");
  const message = describeError(error);
  return Object.fromEntries((taken.length > 0 ? taken : ["name"]).map((field) => [field, message]));
}

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
  const [nameRu, setNameRu] = useState("");
  const [description, setDescription] = useState("");
  const [descriptionRu, setDescriptionRu] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const ready = name.trim() !== "" && image !== null;

  const fieldErrors = create.isError ? formErrorsOf(create.error) : {};
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
      {
        name: name.trim(),
        nameRu: nameRu.trim(),
        description: description.trim(),
        descriptionRu: descriptionRu.trim(),
        image,
        ...(parent ? { parentId: parent.id } : {}),
      },
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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
          <TextInput
            label={t("categories.form.nameRu")}
            // What the Russian interface shows while this stays empty.
            placeholder={
              name.trim() ||
              (parent ? t("categories.form.subcategoryPlaceholderRu") : t("categories.form.gamePlaceholder"))
            }
            lang="ru"
            maxLength={CATEGORY_NAME_MAX}
            value={nameRu}
            onChange={(event) => edit(setNameRu)(event.currentTarget.value)}
            error={fieldErrors.nameRu}
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
          <Textarea
            label={t("categories.form.descriptionRu")}
            placeholder={description.trim() || undefined}
            lang="ru"
            rows={3}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            value={descriptionRu}
            onChange={(event) => edit(setDescriptionRu)(event.currentTarget.value)}
            error={fieldErrors.descriptionRu}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("categories.form.russianFallback")}
        </Text>
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
 * 'Add Category' (a game) or 'Add Subcategory' (of `parent`): name and image required, description optional, and
 * the Russian name and description beside the English ones (left empty, the English ones are shown).
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

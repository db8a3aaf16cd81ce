import "@mantine/dropzone/styles.css";
import { useState } from "react";
import { Box, CloseButton, Group, Image, Input, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { useTranslation } from "react-i18next";
import { IMAGE_MAX_BYTES } from "@lootlane/contract";
import { checkImageFile, IMAGE_ACCEPT } from "@/shared/lib/image-file";
import { usePreviewUrl } from "@/shared/lib/use-preview-url";
import { LineIcon } from "@/shared/ui/icons";

interface CategoryImageFieldProps {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The server's refusal of the image, if any. */
  error?: string;
  disabled?: boolean;
}

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

function ImageIcon() {
  return (
    <LineIcon size={28}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m4 17.5 5-5 4 4 2.5-2.5 4.5 4.5" />
    </LineIcon>
  );
}

/**
 * The category's one required image: dropped or chosen, checked at once with the rule the server applies
 * (.jpg/.jpeg/.png, at most 5 MB), and previewed. A refused file is named and the earlier choice kept.
 */
export function CategoryImageField({ value, onChange, error, disabled = false }: CategoryImageFieldProps) {
  const { t } = useTranslation("adminCatalog");
  const preview = usePreviewUrl(value);
  const [refused, setRefused] = useState<string | null>(null);

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setRefused(t(`categories.form.${problem}`, { name: file.name, max: MAX_MB }));
      return;
    }
    setRefused(null);
    onChange(file);
  }

  return (
    <Input.Wrapper
      label={t("categories.form.image")}
      withAsterisk
      description={t("categories.form.imageHint", { max: MAX_MB })}
      error={error}
      inputWrapperOrder={["label", "description", "input", "error"]}
    >
      <Stack gap="xs" mt={6}>
        {value && preview && (
          <Group gap="sm" wrap="nowrap">
            <Image src={preview} alt={t("categories.form.preview")} w={72} h={72} fit="cover" radius="sm" />
            <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
              {value.name}
            </Text>
            <CloseButton
              aria-label={t("categories.form.removeImage")}
              onClick={() => onChange(null)}
              disabled={disabled}
            />
          </Group>
        )}
        {/* No rules of its own, so every file reaches `choose` and the shared check decides; `accept` filters the dialog. */}
        <Dropzone
          onDrop={(files) => choose(files[0])}
          onReject={(rejections) => choose(rejections[0]?.file)}
          multiple={false}
          disabled={disabled}
          inputProps={{ accept: IMAGE_ACCEPT, "aria-label": t("categories.form.pickImage") }}
          p="md"
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={56} c="dimmed" style={{ pointerEvents: "none" }}>
            <ImageIcon />
            <Text size="sm">{value ? t("categories.form.replace") : t("categories.form.drop")}</Text>
          </Group>
        </Dropzone>
        {refused && (
          <Box role="alert">
            <Text size="sm" c="red.9">
              {refused}
            </Text>
          </Box>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

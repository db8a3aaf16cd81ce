import "@mantine/dropzone/styles.css";
import { useRef, useState, type ReactNode } from "react";
import {
  AspectRatio,
  Badge,
  Box,
  CloseButton,
  Group,
  Image,
  Input,
  List,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { useTranslation } from "react-i18next";
import { PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import { checkImageFile, IMAGE_ACCEPT } from "@/shared/lib/image-file";
import { usePreviewUrl } from "@/shared/lib/use-preview-url";
import type { FormImage } from "./product-form-values";
import { ImageAddIcon } from "./product-form-icons";
import classes from "./image-picker.module.css";

interface ImagePickerProps {
  value: FormImage[];
  onChange: (images: FormImage[]) => void;
  /** The form's message for the whole list (none added, or the server's refusal). */
  error?: ReactNode;
}

/** The address of a tile: a stored image's thumbnail, or a local preview of a picked file. */
function useTileUrl(image: FormImage): string | null {
  const preview = usePreviewUrl(image.kind === "new" ? image.file : null);
  return image.kind === "stored" ? image.url : preview;
}

function ImageTile({ image, index, onRemove }: { image: FormImage; index: number; onRemove: () => void }) {
  const { t } = useTranslation("productForm");
  const url = useTileUrl(image);
  const number = index + 1;
  return (
    <Box component="li" className={classes.tile}>
      <AspectRatio ratio={1}>
        {url ? (
          <Image src={url} alt={t("images.alt", { index: number })} fit="cover" radius="md" />
        ) : (
          <Box className={classes.placeholder} />
        )}
      </AspectRatio>
      {index === 0 && (
        <Badge size="xs" variant="filled" className={classes.cover}>
          {t("images.cover")}
        </Badge>
      )}
      <CloseButton
        size="sm"
        radius="xl"
        className={classes.remove}
        aria-label={t("images.remove", { index: number })}
        onClick={onRemove}
      />
    </Box>
  );
}

/**
 * SPEC §2 Create product images: drop or choose .jpg/.jpeg/.png files (1–10, ≤ 5 MB each), see them as tiles, remove
 * any. Each file is checked here with the same rule as the avatar, so a wrong file is named at once instead of
 * failing the whole request; files beyond the maximum are refused by name.
 */
export function ImagePicker({ value, onChange, error }: ImagePickerProps) {
  const { t } = useTranslation("productForm");
  const nextKey = useRef(0);
  const [refused, setRefused] = useState<string[]>([]);
  const full = value.length >= PRODUCT_IMAGES_MAX;

  const add = (files: File[]) => {
    const added: FormImage[] = [];
    const messages: string[] = [];
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) messages.push(t(`images.${problem}`, { name: file.name }));
      else if (value.length + added.length >= PRODUCT_IMAGES_MAX)
        messages.push(t("images.tooMany", { name: file.name, max: PRODUCT_IMAGES_MAX }));
      else added.push({ kind: "new", key: `new-${nextKey.current++}`, file });
    }
    setRefused(messages);
    if (added.length > 0) onChange([...value, ...added]);
  };

  const remove = (index: number) => {
    setRefused([]);
    onChange(value.filter((_, position) => position !== index));
  };

  return (
    // The section's heading names the images; the wrapper adds the rules and the error.
    <Input.Wrapper
      description={t("images.hint", { min: 1, max: PRODUCT_IMAGES_MAX })}
      error={error}
      inputWrapperOrder={["label", "description", "input", "error"]}
    >
      <Stack gap="sm" mt={6}>
        {/*
          The drop zone is given no rules of its own, so every dropped or chosen file reaches `add` in one call and
          the shared check decides; `accept` only filters the file dialog.
        */}
        <Dropzone
          onDrop={add}
          disabled={full}
          inputProps={{ accept: IMAGE_ACCEPT, disabled: full, "aria-label": t("images.pick") }}
          className={classes.dropzone}
          data-error={error ? true : undefined}
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={88} style={{ pointerEvents: "none" }}>
            <ImageAddIcon size={32} className={classes.dropIcon} />
            <Stack gap={2}>
              <Text fw={500}>{full ? t("images.full") : t("images.drop")}</Text>
              <Text size="sm" c="dimmed">
                {t("images.count", { count: value.length, max: PRODUCT_IMAGES_MAX })}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
        {refused.length > 0 && (
          <List size="sm" c="red.9" role="alert" spacing={2}>
            {refused.map((message, index) => (
              <List.Item key={index}>{message}</List.Item>
            ))}
          </List>
        )}
        {value.length > 0 && (
          <SimpleGrid component="ul" cols={{ base: 3, xs: 4, sm: 5 }} spacing="sm" className={classes.tiles}>
            {value.map((image, index) => (
              <ImageTile
                key={image.kind === "stored" ? image.id : image.key}
                image={image}
                index={index}
                onRemove={() => remove(index)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

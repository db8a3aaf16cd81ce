import { useState } from "react";
import { ActionIcon, AspectRatio, Box, Group, Image, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ProductImage } from "@lootlane/contract";
import { useTranslation } from "react-i18next";
import { BoxIcon, LineIcon } from "@/shared/ui/icons";
import classes from "./product-gallery.module.css";

function ZoomIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5M11 8v6M8 11h6" />
    </LineIcon>
  );
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <LineIcon size={20}>{direction === "left" ? <path d="m15 18-6-6 6-6" /> : <path d="m9 18 6-6-6-6" />}</LineIcon>
  );
}

interface ProductGalleryProps {
  title: string;
  images: ProductImage[];
}

/** The product's pictures: one large, the others as thumbnails to pick; clicking the large one zooms it. */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const { t } = useTranslation("products");
  const [selected, setSelected] = useState(0);
  const [zoomed, zoom] = useDisclosure(false);
  const count = images.length;
  // An edit elsewhere may leave fewer images than the index that was picked.
  const index = Math.min(selected, count - 1);
  const image = images[index];

  if (!image) {
    return (
      <AspectRatio ratio={4 / 3}>
        <div className={classes.placeholder} role="img" aria-label={t("gallery.noImages")}>
          <BoxIcon size={56} />
        </div>
      </AspectRatio>
    );
  }

  const alt = t("gallery.imageAlt", { title, index: index + 1, count });
  const step = (by: number) => setSelected((index + by + count) % count);

  return (
    <Stack gap="sm">
      <Box pos="relative">
        <UnstyledButton
          className={classes.frame}
          onClick={zoom.open}
          aria-label={t("gallery.zoom", { index: index + 1, count })}
        >
          <AspectRatio ratio={4 / 3}>
            <Image src={image.image_url} alt={alt} fit="contain" />
          </AspectRatio>
        </UnstyledButton>
        <span className={classes.zoomHint} aria-hidden="true">
          <ZoomIcon />
        </span>
      </Box>
      {count > 1 && (
        <ul className={classes.thumbs} aria-label={t("gallery.thumbnails")}>
          {images.map((thumbnail, position) => (
            <li key={thumbnail.id}>
              <UnstyledButton
                className={classes.thumb}
                onClick={() => setSelected(position)}
                aria-label={t("gallery.show", { index: position + 1, count })}
                aria-current={position === index}
              >
                <Image src={thumbnail.thumbnail_url} alt="" w="100%" h="100%" fit="cover" />
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      <Modal opened={zoomed} onClose={zoom.close} title={title} size="xl" centered>
        <Stack gap="sm">
          <Image src={image.image_url} alt={alt} fit="contain" className={classes.zoomed} />
          {count > 1 && (
            <Group justify="center" gap="md">
              <ActionIcon variant="default" size="lg" onClick={() => step(-1)} aria-label={t("gallery.previous")}>
                <ChevronIcon direction="left" />
              </ActionIcon>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("gallery.position", { index: index + 1, count })}
              </Text>
              <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label={t("gallery.next")}>
                <ChevronIcon direction="right" />
              </ActionIcon>
            </Group>
          )}
        </Stack>
      </Modal>
    </Stack>
  );
}

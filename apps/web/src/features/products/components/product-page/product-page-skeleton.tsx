import { AspectRatio, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./product-page-layout.module.css";

/** The page's shape while the product loads. */
export function ProductPageSkeleton() {
  const { t } = useTranslation("common");
  return (
    <div className={classes.layout}>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <div className={classes.gallery} aria-hidden="true">
        <AspectRatio ratio={4 / 3}>
          <Skeleton />
        </AspectRatio>
      </div>
      <Stack className={classes.aside} gap="md" aria-hidden="true">
        <Skeleton height={20} width={80} />
        <Skeleton height={32} width="90%" />
        <Skeleton height={36} width="40%" />
        <Skeleton height={42} />
        <Skeleton height={56} width="60%" />
      </Stack>
      <Stack className={classes.details} gap="xs" aria-hidden="true">
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    </div>
  );
}

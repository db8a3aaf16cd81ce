import { AspectRatio, Card, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./product-grid.module.css";

/** Placeholder cards in the grid's own layout, so the page does not jump when the products arrive. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <div className={classes.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} padding="sm" withBorder>
            <Card.Section>
              <AspectRatio ratio={4 / 3}>
                <Skeleton radius={0} />
              </AspectRatio>
            </Card.Section>
            <Stack gap={8} mt="sm">
              <Skeleton height={16} width="90%" />
              <Skeleton height={16} width="60%" />
              <Skeleton height={22} width="40%" />
              <Skeleton height={12} width="50%" />
            </Stack>
          </Card>
        ))}
      </div>
    </div>
  );
}

import { Group, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Placeholder rows shaped like the category rows while a column loads. */
export function CategoryListSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Group key={index} gap="sm" wrap="nowrap">
            <Skeleton h={48} w={48} radius="sm" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={14} width="45%" />
              <Skeleton height={12} width="80%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    </div>
  );
}

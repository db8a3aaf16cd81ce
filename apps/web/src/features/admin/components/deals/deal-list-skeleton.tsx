import { Card, Group, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Placeholder cards shaped like deal cards while the first page loads. */
export function DealListSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <Stack gap="sm" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} withBorder radius="md" padding="md">
            <Group align="flex-start" wrap="nowrap">
              <Skeleton height={64} width={64} radius="md" />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={16} width="50%" />
                <Skeleton height={12} width="30%" />
                <Skeleton height={12} width="70%" />
                <Skeleton height={12} width="60%" />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </div>
  );
}

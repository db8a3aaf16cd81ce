import { Card, Group, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Placeholder cards shaped like the users' cards while the first page loads. */
export function AdminUserListSkeleton({ count = 5 }: { count?: number }) {
  const { t } = useTranslation("common");
  return (
    <div>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <Stack gap="sm" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} withBorder radius="md" padding="md">
            <Group align="flex-start" wrap="nowrap">
              <Skeleton height={48} circle />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={16} width="40%" />
                <Skeleton height={12} width="60%" />
                <Skeleton height={12} width="80%" />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </div>
  );
}

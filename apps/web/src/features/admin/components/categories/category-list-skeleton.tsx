import { Group, Skeleton, Stack } from "@mantine/core";
import { ListSkeleton } from "../list-skeleton";

/** Placeholder rows shaped like the category rows while a column loads. */
export function CategoryListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ListSkeleton count={count} gap="md">
      <Group gap="sm" wrap="nowrap">
        <Skeleton h={48} w={48} radius="sm" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={14} width="45%" />
          <Skeleton height={12} width="80%" />
        </Stack>
      </Group>
    </ListSkeleton>
  );
}

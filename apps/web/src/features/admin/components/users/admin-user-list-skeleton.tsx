import { Card, Group, Skeleton, Stack } from "@mantine/core";
import { ListSkeleton } from "../list-skeleton";

/** Placeholder cards shaped like the users' cards while the first page loads. */
export function AdminUserListSkeleton({ count = 5 }: { count?: number }) {
  return (
    <ListSkeleton count={count}>
      <Card withBorder radius="md" padding="md">
        <Group align="flex-start" wrap="nowrap">
          <Skeleton height={48} circle />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={16} width="40%" />
            <Skeleton height={12} width="60%" />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Group>
      </Card>
    </ListSkeleton>
  );
}

import { Card, Group, Skeleton, Stack } from "@mantine/core";
import { ListSkeleton } from "../list-skeleton";

/** Placeholder cards shaped like deal cards while the first page loads. */
export function DealListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ListSkeleton count={count}>
      <Card withBorder radius="md" padding="md">
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
    </ListSkeleton>
  );
}

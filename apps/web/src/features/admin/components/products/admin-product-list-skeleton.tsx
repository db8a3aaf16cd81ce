import { Card, Flex, Skeleton, Stack } from "@mantine/core";
import { ListSkeleton } from "../list-skeleton";

/** Placeholder cards shaped like the product cards while the first page loads. */
export function AdminProductListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ListSkeleton count={count} header={<Skeleton height={14} width={120} />}>
      <Card withBorder radius="md" padding="md">
        <Flex direction={{ base: "column", sm: "row" }} gap="md">
          <Skeleton h={126} w={{ base: "100%", sm: 168 }} radius="sm" />
          <Stack gap={10} style={{ flex: 1 }}>
            <Skeleton height={16} width="50%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={12} width="90%" />
            <Skeleton height={12} width="70%" />
          </Stack>
        </Flex>
      </Card>
    </ListSkeleton>
  );
}

import type { ReactNode } from "react";
import { Box, Button, Card, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/** The part of an infinite query a list shows. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface LoadMoreSectionProps {
  id: string;
  title: string;
  loadError: string;
  empty: string;
  query: PagedQuery;
  /** The rows loaded so far, each a list item. */
  rows: ReactNode[];
}

/** A titled list of the wallet, page after page with "Load more": loading, why it failed, or that it is empty. */
export function LoadMoreSection({ id, title, loadError, empty, query, rows }: LoadMoreSectionProps) {
  const { t } = useTranslation("wallet");
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Text size="sm" c="dimmed" role="status">
        {t("loading")}
      </Text>
    );
  } else if (query.isError && rows.length === 0) {
    body = <LoadErrorAlert title={loadError} error={query.error} onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Box component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={title}>
          {rows}
        </Box>
        {query.hasNextPage && (
          <Center>
            <Button variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t("loadMore")}
            </Button>
          </Center>
        )}
      </Stack>
    );
  }
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="md" padding="md">
      <Title order={2} fz="h4" id={id} mb="xs">
        {title}
      </Title>
      {body}
    </Card>
  );
}

import type { ReactNode } from "react";
import { Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

interface SettingsListProps<Item> {
  query: UseQueryResult<Item[]>;
  /** The list's accessible name. */
  label: string;
  /** The alert's title when the list did not load. */
  loadError: string;
  /** Shown when the list loaded and holds nothing. */
  empty: string;
  /** Shown while the first load is under way; nothing by default, so a short load does not flash. */
  loading?: ReactNode;
  /** One `li` per item. */
  children: (item: Item) => ReactNode;
}

/** A settings screen's list of the user's things: its load error with Try again, its empty text, then its rows. */
export function SettingsList<Item>({
  query,
  label,
  loadError,
  empty,
  loading = null,
  children,
}: SettingsListProps<Item>) {
  if (query.isPending) return loading;
  if (query.isError)
    return <LoadErrorAlert title={loadError} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
      {query.data.map(children)}
    </Stack>
  );
}

import { Fragment, type ReactNode } from "react";
import { Center, Pagination, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

interface PagedListProps<Item> {
  items: Item[];
  page: number;
  totalPages: number;
  /** "12 users", "3 products found": said politely to screen readers as it changes. */
  totalText: string;
  emptyText: string;
  listLabel: string;
  paginationLabel: string;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
  itemKey: (item: Item) => string;
  /** Each item's card, itself the list item (`li`), labelled by its name. */
  renderItem: (item: Item) => ReactNode;
}

/** One page of an admin list, the way every admin list shows it: the total, the cards (or why none), and paging. */
export function PagedList<Item>({
  items,
  page,
  totalPages,
  totalText,
  emptyText,
  listLabel,
  paginationLabel,
  stale,
  onPage,
  itemKey,
  renderItem,
}: PagedListProps<Item>) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {totalText}
      </Text>
      {items.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {emptyText}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          aria-label={listLabel}
          aria-busy={stale}
          style={{ listStyle: "none", opacity: stale ? 0.6 : 1, transition: "opacity 150ms" }}
        >
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </Stack>
      )}
      {totalPages > 1 && (
        <Center component="nav" aria-label={paginationLabel}>
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPage}
            siblings={1}
            boundaries={1}
            size="sm"
            getControlProps={(control) => ({ "aria-label": t(`pageControl.${control}`) })}
            getItemProps={(item) => ({ "aria-label": t("pageNumber", { page: item }) })}
          />
        </Center>
      )}
    </Stack>
  );
}

import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** What a paged list of the profile needs of its infinite query to offer the next page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a paged list of the profile, while the server may have more. */
export function LoadMoreButton({ list }: { list: NextPage }) {
  const { t } = useTranslation("profile");
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="default"
      onClick={() => void list.fetchNextPage()}
      loading={list.isFetchingNextPage}
      style={{ alignSelf: "center" }}
    >
      {t("loadMore")}
    </Button>
  );
}

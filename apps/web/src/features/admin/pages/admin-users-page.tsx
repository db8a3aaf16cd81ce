import { useState } from "react";
import { Group, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { DATE_LOCALE, SEARCH_DEBOUNCE_MS, type AdminUserPage } from "@lootlane/contract";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminUsers } from "../api/get-admin-users";
import { PagedList } from "../components/paged-list";
import { AdminUserCard } from "../components/users/admin-user-card";
import { AdminUserListSkeleton } from "../components/users/admin-user-list-skeleton";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { UserSearchField } from "../components/users/user-search-field";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

interface UserResultsProps {
  data: AdminUserPage;
  query: string;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

function UserResults({ data, query, stale, onPage }: UserResultsProps) {
  const { t } = useTranslation("admin");
  const count = { count: data.total, total: countFormat.format(data.total) };
  return (
    <PagedList
      items={data.users}
      page={data.page}
      totalPages={data.total_pages}
      totalText={query ? t("users.found", count) : t("users.total", count)}
      emptyText={query ? t("users.noMatches", { query }) : t("users.empty")}
      listLabel={t("users.listLabel")}
      paginationLabel={t("users.pagination")}
      stale={stale}
      onPage={onPage}
      itemKey={(user) => user.id}
      renderItem={(user) => <AdminUserCard user={user} />}
    />
  );
}

/**
 * /admin/users (SPEC §2 Admin users): every user, newest first, or those whose username or e-mail matches the
 * search once typing pauses for 300 ms. A new search starts again at its first page.
 */
export function AdminUsersPage() {
  const { t } = useTranslation("admin");
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const users = useAdminUsers(query, page);

  return (
    <Stack gap={0}>
      <PageTitle>{t("users.title")}</PageTitle>
      <Stack gap="md">
        <Group>
          <div style={{ flex: 1, maxWidth: 480 }}>
            <UserSearchField value={text} onChange={setText} />
          </div>
        </Group>
        {users.isPending ? (
          <AdminUserListSkeleton />
        ) : users.isError && !users.data ? (
          <LoadErrorAlert title={t("users.errorLoading")} error={users.error} onRetry={() => void users.refetch()} />
        ) : (
          <UserResults
            data={users.data}
            query={query}
            stale={users.isPlaceholderData}
            onPage={(next) => setPaging({ query, page: next })}
          />
        )}
      </Stack>
    </Stack>
  );
}

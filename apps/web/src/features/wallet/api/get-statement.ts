import { useInfiniteQuery } from "@tanstack/react-query";
import { statementPageSchema, type StatementPage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { walletQueryKey } from "@/shared/wallet/wallet-query-keys";

/** Movements per "load more". */
export const STATEMENT_PAGE_SIZE = 20;

/** GET /wallet/statement: one page of the user's money movements, newest first. */
export async function getStatement(page: number): Promise<StatementPage> {
  const searchParams = { page, per_page: STATEMENT_PAGE_SIZE };
  return statementPageSchema.parse(await api.get("wallet/statement", { searchParams }).json());
}

/** The statement, page after page as the user asks for more. */
export function useStatement() {
  return useInfiniteQuery({
    queryKey: [...walletQueryKey, "statement"],
    queryFn: ({ pageParam }) => getStatement(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  });
}

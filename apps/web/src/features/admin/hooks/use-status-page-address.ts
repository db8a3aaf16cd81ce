import { useSearchParams } from "react-router";

/** A contract query field, read the way the server reads it: a value it accepts, or nothing. */
type QueryField<Value> = { safeParse(raw: unknown): { data?: Value } };

/**
 * An admin list's status filter and page live in the address (`?status=disputed&page=2`), so reload and Back
 * keep them. They are read with the server's own query rules; anything else is left out. Another filter starts
 * again at its first page. `params` is there for any further filter a list reads the same way, and `filters` of
 * `update` writes them (a value sets it, null removes it).
 */
export function useStatusPageAddress<Status extends string>(query: {
  status: QueryField<Status | undefined>;
  page: QueryField<number>;
}) {
  const [params, setParams] = useSearchParams();
  const status = query.status.safeParse(params.get("status") ?? undefined).data ?? null;
  const page = query.page.safeParse(params.get("page") ?? undefined).data ?? 1;

  function update(next: { status?: Status | null; page?: number; filters?: Record<string, string | null> }) {
    setParams((current) => {
      const result = new URLSearchParams(current);
      for (const [name, value] of Object.entries(next.filters ?? {})) {
        if (value) result.set(name, value);
        else result.delete(name);
        result.delete("page");
      }
      if (next.status !== undefined) {
        if (next.status) result.set("status", next.status);
        else result.delete("status");
        result.delete("page");
      }
      if (next.page !== undefined) {
        if (next.page > 1) result.set("page", String(next.page));
        else result.delete("page");
      }
      return result;
    });
  }

  return { params, status, page, update };
}

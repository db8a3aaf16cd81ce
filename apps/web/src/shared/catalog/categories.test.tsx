import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { refusal, stubApi } from "@/test/stub-api";
import { i18n } from "@/shared/i18n/i18n";
import { useCategoryText, useGames, useSubcategories } from "./categories";
import { makeCategory } from "./testing/catalog-fixtures";

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const dota = makeCategory(1, { name: "Dota 2" });
const cs = makeCategory(2, { name: "CS2" });
const accounts = makeCategory(3, {
  name: "Accounts",
  name_ru: "Аккаунты",
  description: "Whole accounts",
  description_ru: "Аккаунты целиком",
  parent_id: dota.id,
});

describe("categories", () => {
  it("useGames keeps the top-level categories of GET /categories/all", async () => {
    stubApi({ "GET categories/all": { body: [dota, accounts, cs] } });

    const { result } = renderHook(() => useGames(), { wrapper });

    await waitFor(() => expect(result.current.data?.map((game) => game.name)).toEqual(["Dota 2", "CS2"]));
  });

  it("useSubcategories waits for a game, then asks for its subcategories", async () => {
    const api = stubApi({ [`GET categories/game/${dota.id}`]: { body: [accounts] } });

    const { result, rerender } = renderHook(({ gameId }: { gameId: string | undefined }) => useSubcategories(gameId), {
      wrapper,
      initialProps: { gameId: undefined as string | undefined },
    });
    expect(result.current.fetchStatus).toBe("idle");
    expect(api.calls).toEqual([]);

    rerender({ gameId: dota.id });

    await waitFor(() => expect(result.current.data).toEqual([accounts]));
  });

  it("fails on an answer of the wrong shape rather than showing half a list", async () => {
    stubApi({ "GET categories/all": { body: [{ id: "not-a-uuid" }] } });

    const { result } = renderHook(() => useGames(), { wrapper });

    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it("reports a failed request", async () => {
    stubApi({ "GET categories/all": refusal(500, "SERVER_ERROR", "Internal error") });

    const { result } = renderHook(() => useGames(), { wrapper });

    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it("useCategoryText names a category in the interface language, and follows a change of it", async () => {
    const { result } = renderHook(() => useCategoryText(), { wrapper });
    expect([result.current.name(accounts), result.current.description(accounts)]).toEqual([
      "Accounts",
      "Whole accounts",
    ]);

    try {
      await act(() => i18n.changeLanguage("ru"));

      expect([result.current.name(accounts), result.current.description(accounts)]).toEqual([
        "Аккаунты",
        "Аккаунты целиком",
      ]);
    } finally {
      await act(() => i18n.changeLanguage("en"));
    }
  });
});

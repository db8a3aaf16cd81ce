import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/test/render-app";
import { currentUserQueryKey } from "./current-user";
import { replaceCurrentUser } from "./session";

describe("replaceCurrentUser", () => {
  it("sets the user and drops what was fetched for the previous visitor", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(currentUserQueryKey, makeUser({ username: "mira" }));
    queryClient.setQueryData(["profile", "mira"], { balance: 1500.5 });
    queryClient.setQueryData(["products", 1], { product_data_string: "login:pass" });

    replaceCurrentUser(queryClient, null);

    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([currentUserQueryKey]);
  });
});

import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";

const product = makeProduct(7, { title: "Dota 2 account with Arcana" });
const chat = {
  id: "33333333-0000-4000-8000-000000000001",
  another_user: { username: "seller", avatar_url: "", is_online: true, last_seen: null },
  last_message: null,
  unread_count: 0,
  product: { id: product.id, title: product.title, price: product.price, status: product.status, thumbnail_url: null },
};

describe("Message seller", () => {
  it("opens the chat with the seller on /chats, selected", async () => {
    const api = stubApi({
      [`GET products/${product.id}`]: { body: product },
      "POST chats/": { body: chat },
      "GET chats/": { body: [chat] },
      [`GET chats/${chat.id}/messages`]: { body: [] },
    });
    const { events, router } = renderApp(`/product/${product.id}`, { user: makeUser() });

    await events.click(await screen.findByRole("button", { name: "Message seller" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"));
    expect(api.bodiesOf("POST chats/")).toEqual([{ product_id: product.id }]);
    expect(await screen.findByRole("region", { name: "Chat with seller" })).toBeInTheDocument();
    expect(localStorage.getItem("selected-chat-id")).toBe(chat.id);
  });

  it("sends a guest to sign in and back", async () => {
    stubApi({ [`GET products/${product.id}`]: { body: product } });
    const { events, router } = renderApp(`/product/${product.id}`, { user: null });

    await events.click(await screen.findByRole("link", { name: "Message seller" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(router.state.location.state).toEqual({ from: `/product/${product.id}` });
  });

  it("is not offered to the owner", async () => {
    stubApi({ [`GET products/${product.id}`]: { body: { ...product, is_owner: true } } });
    renderApp(`/product/${product.id}`, { user: makeUser() });
    expect(await screen.findByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Message seller" })).not.toBeInTheDocument();
  });
});

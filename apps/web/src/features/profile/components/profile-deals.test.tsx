import { screen, waitFor, within } from "@testing-library/react";
import type { Deal, Review } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { formatDate } from "@/shared/format/date";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";
import { ownProfileOf, publicProfileOf } from "../testing/profile-fixtures";

const mira = makeUser({ username: "mira" });
const ALEX_ID = "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d";
const mia = { id: mira.id, username: "mira", avatar_url: "" };
const alex = { id: ALEX_ID, username: "alex", avatar_url: "" };

function makeDeal(n: number, overrides: Partial<Deal> = {}): Deal {
  const id = `55555555-0000-4000-8000-00000000000${n}`;
  return {
    id,
    product: {
      id: `00000000-0000-4000-8000-00000000000${n}`,
      title: `Product ${n}`,
      thumbnail_url: null,
      status: "completed",
    },
    price: 1500,
    unit_price: 1500,
    quantity: 1,
    delivery: "auto",
    items: [],
    commission: 0,
    status: "completed",
    buyer: mia,
    seller: alex,
    chat_id: `33333333-0000-4000-8000-00000000000${n}`,
    created_at: "2025-11-20T10:00:00.000Z",
    auto_confirm_at: "2025-11-23T10:00:00.000Z",
    closed_at: "2025-11-21T10:00:00.000Z",
    dispute: null,
    review_id: null,
    guarantee_until: null,
    guarantee_released_at: null,
    ...overrides,
  };
}

function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: "77777777-0000-4000-8000-000000000001",
    deal_id: makeDeal(1).id,
    stars: 4,
    text: "Fast and honest, the account works.",
    reply: null,
    replied_at: null,
    created_at: "2025-11-21T12:00:00.000Z",
    author: alex,
    seller: mia,
    product: { id: makeDeal(1).product.id, title: "Arcana bundle" },
    ...overrides,
  };
}

/** Mantine's Rating takes a pick on the star's label, as a pointer does, not on its hidden radio. */
async function pickStars(events: ReturnType<typeof renderApp>["events"], dialog: HTMLElement, stars: number) {
  const radio = within(dialog).getByRole("radio", { name: String(stars) });
  await events.click(dialog.querySelector(`label[for="${radio.id}"]`)!);
}

const profileRoutes = {
  "GET users/mira": { body: ownProfileOf(mira) },
  "GET products/user/by-username/mira": { body: [] },
};

describe("the owner's purchases", () => {
  it("shows until when a completed purchase is guaranteed, and when its guarantee ended", async () => {
    const held = makeDeal(1, { guarantee_until: "2025-12-05T10:00:00.000Z" });
    const ended = makeDeal(2, {
      guarantee_until: "2025-11-10T10:00:00.000Z",
      guarantee_released_at: "2025-11-10T10:01:00.000Z",
    });
    stubApi({ ...profileRoutes, [`GET users/${mira.id}/purchases`]: { body: [held, ended] } });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Purchases" }));
    const [first, second] = within(await screen.findByRole("list", { name: "Purchases" })).getAllByRole("listitem");
    expect(within(first!).getByText(`Guarantee until ${formatDate(held.guarantee_until!)}`)).toBeInTheDocument();
    expect(
      within(second!).getByText(`Guarantee ended ${formatDate(ended.guarantee_released_at!)}`),
    ).toBeInTheDocument();
  });

  it("lists each purchase with its status, seller and chat, and takes a review of a completed one", async () => {
    const completed = makeDeal(1, { product: { ...makeDeal(1).product, title: "Arcana bundle" } });
    const open = makeDeal(2, {
      status: "purchased",
      closed_at: null,
      product: { ...makeDeal(2).product, title: "Immortal treasure", status: "purchased" },
    });
    const api = stubApi({
      ...profileRoutes,
      [`GET users/${mira.id}/purchases`]: [
        { body: [open, completed] },
        { body: [open, { ...completed, review_id: makeReview().id }] },
      ],
      "POST reviews/": { body: makeReview({ author: mia, seller: alex }) },
      "GET users/alex/reviews": { body: [] },
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Purchases" }));
    const list = await screen.findByRole("list", { name: "Purchases" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Awaiting receipt")).toBeInTheDocument();
    expect(within(first!).queryByRole("button", { name: "Leave a review" })).not.toBeInTheDocument();
    expect(within(second!).getByText("Completed")).toBeInTheDocument();
    expect(within(second!).getByRole("link", { name: "alex" })).toHaveAttribute("href", "/profile/alex");
    expect(within(second!).getByRole("link", { name: "Open chat" })).toHaveAttribute(
      "href",
      `/chats?chat=${completed.chat_id}`,
    );

    await events.click(within(second!).getByRole("button", { name: "Leave a review" }));
    const dialog = await screen.findByRole("dialog", { name: "Review: Arcana bundle" });
    const publish = within(dialog).getByRole("button", { name: "Publish review" });
    expect(publish).toBeDisabled();
    await pickStars(events, dialog, 4);
    await events.type(within(dialog).getByRole("textbox", { name: "Your review" }), "  Fast and honest.  ");
    await events.click(publish);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.bodiesOf("POST reviews/")).toEqual([{ deal_id: completed.id, stars: 4, text: "Fast and honest." }]);
    expect(await screen.findByText("You reviewed this purchase")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Leave a review" })).not.toBeInTheDocument();
  });

  it("shows a purchase of several units as it was bought, and its units on request", async () => {
    const keys = makeDeal(3, {
      product: { ...makeDeal(3).product, title: "Steam keys for Hades II" },
      price: 1500,
      unit_price: 750,
      quantity: 2,
      items: ["HADES-KEY-1", "HADES-KEY-2"],
    });
    stubApi({ ...profileRoutes, [`GET users/${mira.id}/purchases`]: { body: [keys] } });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Purchases" }));
    const [row] = within(await screen.findByRole("list", { name: "Purchases" })).getAllByRole("listitem");
    expect(row).toHaveTextContent("2 × 750 ₽ = 1 500 ₽");
    expect(within(row!).queryByText("HADES-KEY-1")).not.toBeInTheDocument();

    await events.click(within(row!).getByRole("button", { name: "Show 2 units" }));
    const units = within(row!).getByRole("list", { name: "Delivered units" });
    expect(
      within(units)
        .getAllByRole("listitem")
        .map((unit) => unit.textContent),
    ).toEqual([expect.stringContaining("HADES-KEY-1"), expect.stringContaining("HADES-KEY-2")]);
    await events.click(within(row!).getByRole("button", { name: "Hide units" }));
    expect(within(row!).queryByText("HADES-KEY-1")).not.toBeInTheDocument();
  });

  it("keeps the review and shows the server's reason when it is refused", async () => {
    stubApi({
      ...profileRoutes,
      [`GET users/${mira.id}/purchases`]: { body: [makeDeal(1)] },
      "POST reviews/": refusal(409, "REVIEW_ALREADY_EXISTS", "You have already left a review for this deal"),
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Purchases" }));
    await events.click(await screen.findByRole("button", { name: "Leave a review" }));
    const dialog = await screen.findByRole("dialog");
    await pickStars(events, dialog, 5);
    await events.type(within(dialog).getByRole("textbox", { name: "Your review" }), "Great");
    await events.click(within(dialog).getByRole("button", { name: "Publish review" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You have already left a review for this deal");
    expect(within(dialog).getByRole("textbox", { name: "Your review" })).toHaveValue("Great");
  });

  it("says so when there are none", async () => {
    stubApi({ ...profileRoutes, [`GET users/${mira.id}/purchases`]: { body: [] } });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Purchases" }));
    expect(await screen.findByText("No purchases yet")).toBeInTheDocument();
  });
});

describe("the owner's sales", () => {
  it("lists each sale with its status and buyer, without a review action", async () => {
    const disputed = makeDeal(3, { status: "disputed", buyer: alex, seller: mia, closed_at: null });
    stubApi({ ...profileRoutes, [`GET users/${mira.id}/sales`]: { body: [disputed] } });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Sales" }));
    const [row] = within(await screen.findByRole("list", { name: "Sales" })).getAllByRole("listitem");
    expect(within(row!).getByText("Disputed")).toBeInTheDocument();
    expect(within(row!).getByText("Buyer:")).toBeInTheDocument();
    expect(within(row!).getByRole("link", { name: "alex" })).toBeInTheDocument();
    expect(within(row!).queryByRole("button", { name: "Leave a review" })).not.toBeInTheDocument();
  });
});

describe("the reviews tab", () => {
  it("shows a visitor the stars, words and the seller's reply, with no way to reply", async () => {
    const answered = makeReview({ reply: "Thank you, come again!", replied_at: "2025-11-22T09:00:00.000Z" });
    stubApi({
      "GET users/mira": { body: publicProfileOf({ ...mira, rating: 4 }) },
      "GET products/user/by-username/mira": { body: [] },
      "GET users/mira/reviews": { body: [answered] },
    });
    const { events } = renderApp("/profile/mira", { user: null });

    await events.click(await screen.findByRole("tab", { name: "Reviews" }));
    const [item] = within(await screen.findByRole("list", { name: "Reviews" })).getAllByRole("listitem");
    expect(within(item!).getByText("Fast and honest, the account works.")).toBeInTheDocument();
    expect(within(item!).getByRole("link", { name: "Arcana bundle" })).toHaveAttribute(
      "href",
      `/product/${answered.product.id}`,
    );
    expect(within(item!).getByText("Thank you, come again!")).toBeInTheDocument();
    expect(within(item!).getByLabelText("4 stars out of 5")).toBeInTheDocument();
    expect(within(item!).queryByRole("button", { name: "Reply" })).not.toBeInTheDocument();
  });

  it("lets the owner reply once to a review", async () => {
    const review = makeReview();
    const api = stubApi({
      ...profileRoutes,
      "GET users/mira/reviews": [
        { body: [review] },
        { body: [{ ...review, reply: "Thanks!", replied_at: "2025-11-22T09:00:00.000Z" }] },
      ],
      [`POST reviews/${review.id}/reply`]: { body: { ...review, reply: "Thanks!" } },
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("tab", { name: "Reviews" }));
    await events.click(await screen.findByRole("button", { name: "Reply" }));
    await events.type(screen.getByRole("textbox", { name: "Your reply" }), "Thanks!");
    await events.click(screen.getByRole("button", { name: "Publish reply" }));

    expect(await screen.findByText("Thanks!")).toBeInTheDocument();
    expect(api.bodiesOf(`POST reviews/${review.id}/reply`)).toEqual([{ reply: "Thanks!" }]);
    expect(screen.queryByRole("button", { name: "Reply" })).not.toBeInTheDocument();
  });
});

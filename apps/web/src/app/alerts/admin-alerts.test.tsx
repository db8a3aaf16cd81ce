import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeDeal } from "@/features/chats/testing/chat-fixtures";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";

const disputed = makeDeal({ status: "disputed" });

/** A signed-in app on a screen that needs no API, with live updates arriving. */
async function openAs(role: "admin" | "user") {
  stubApi({});
  const realtime = new FakeRealtime();
  realtime.online = true;
  const app = renderApp("/not-access", { user: makeUser({ role }), realtime });
  await screen.findByRole("heading", { level: 1 });
  return app;
}

describe("admin alerts", () => {
  it("tells an admin on any screen that a dispute was opened, and leads to the deals", async () => {
    const { realtime, router, events } = await openAs("admin");

    realtime.emit("dispute_opened", disputed);

    expect(await screen.findByText("A dispute was opened")).toBeInTheDocument();
    expect(
      screen.getByText(
        "mira reported the purchase of “Dota 2 account with Arcana”. The money is on hold until you decide.",
      ),
    ).toBeInTheDocument();
    await events.click(screen.getByRole("link", { name: "Open deals" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/deals"));
    await waitFor(() => expect(screen.queryByText("A dispute was opened")).not.toBeInTheDocument());
  });

  it("does not listen for anyone else", async () => {
    const { realtime } = await openAs("user");

    realtime.emit("dispute_opened", disputed);

    expect(screen.queryByText("A dispute was opened")).not.toBeInTheDocument();
  });
});

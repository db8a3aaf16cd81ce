import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";
import {
  ALEX_ID,
  chatId,
  makeChatProduct,
  makeDeal,
  makeMessage,
  makeProductCard,
  MIRA_ID,
} from "../testing/chat-fixtures";

const root = makeUser({ id: "77777777-0000-4000-8000-000000000001", username: "root", role: "admin" });
const disputedProduct = makeChatProduct(makeProductCard({ deal: makeDeal({ status: "disputed" }) }));

function openAsAdmin(realtime: FakeRealtime) {
  stubApi({
    [`GET products/get/chat/${chatId(1)}`]: { body: disputedProduct },
    [`GET chats/${chatId(1)}/messages`]: {
      body: [
        makeMessage(1, { sender_id: MIRA_ID, sender_username: "mira", text: "The login does not work" }),
        makeMessage(2, { sender_id: ALEX_ID, sender_username: "alex", text: "It worked for me" }),
      ],
    },
  });
  realtime.online = true;
  return renderApp(`/admin/chats/${chatId(1)}`, { user: root, realtime });
}

describe("an admin in a deal's chat (/admin/chats/{id})", () => {
  it("names every sender, follows the chat live and writes in it as the Lootlane admin", async () => {
    const realtime = new FakeRealtime();
    const asked = makeMessage(3, {
      sender_id: root.id,
      sender_username: "root",
      text: "Which login did you try?",
      from_admin: true,
    });
    realtime.handle("send_message", () => ({ ok: true, message: asked }));
    const { events } = openAsAdmin(realtime);

    const log = await screen.findByRole("log", { name: "Messages" });
    expect(within(log).getByText("mira")).toBeInTheDocument();
    expect(within(log).getByText("alex")).toBeInTheDocument();
    expect(await screen.findByText("Dispute open")).toBeInTheDocument();
    expect(screen.getByText(/^Buyer mira · seller alex/)).toBeInTheDocument();
    await waitFor(() => expect(realtime.sent("join_room")).toEqual([{ chat_id: chatId(1) }]));

    const input = screen.getByRole("textbox", { name: "Message" });
    await fill(events, input, "Which login did you try?");
    await events.type(input, "{Enter}");
    const mine = await screen.findByText("Which login did you try?", { selector: "span" });
    expect(mine.closest("[data-admin]")).toHaveTextContent("Lootlane admin");
    expect(realtime.sent("send_message")).toEqual([{ chat_id: chatId(1), message: "Which login did you try?" }]);

    await act(async () => {
      realtime.emit("new_message", makeMessage(4, { sender_id: MIRA_ID, sender_username: "mira", text: "mira@x" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await within(log).findByText("mira@x")).toBeInTheDocument();
  });

  it("says why the server refused the admin's message, in the admin's words", async () => {
    const realtime = new FakeRealtime();
    realtime.handle("send_message", () => ({
      ok: false,
      error: { error_code: "CHAT_NO_OPEN_DISPUTE", error_message: "no dispute" },
    }));
    const { events } = openAsAdmin(realtime);
    const input = await screen.findByRole("textbox", { name: "Message" });
    await fill(events, input, "Anyone here?");
    await events.type(input, "{Enter}");
    expect(
      await screen.findByText(
        "The message was not sent: An admin writes in a chat only while a deal in it is disputed",
      ),
    ).toBeInTheDocument();
  });
});

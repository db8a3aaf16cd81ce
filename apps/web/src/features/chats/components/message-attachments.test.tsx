import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IMAGE_MAX_BYTES, type ChatMessage } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, sentForm, stubRoutes } from "@/test/stub-api";
import { chatId, makeChat, makeMessage, MIRA_ID } from "../testing/chat-fixtures";

const mira = makeUser({ id: MIRA_ID, username: "mira" });
const ADMIN_ID = "77777777-0000-4000-8000-000000000001";
const screenshot = { url: "/media/chats/a.png", thumbnail_url: "/media/chats/a-thumb.png", width: 800, height: 600 };

const withImage = makeMessage(1, { text: "the login page", attachments: [screenshot] });
const fromAdmin = makeMessage(2, {
  sender_id: ADMIN_ID,
  sender_username: "lootlane_admin",
  text: "Which account was it?",
  from_admin: true,
});

function image(name: string, type: string, size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Mira's chat with alex, open; the attachment route answers as `upload` says. */
async function openChat(upload: (request: Request) => Response | Promise<Response>) {
  const api = stubRoutes({
    "GET /v1/chats/": () => jsonResponse(200, [makeChat(1)]),
    [`GET /v1/chats/${chatId(1)}/messages`]: () => jsonResponse(200, [withImage, fromAdmin]),
    [`POST /v1/chats/${chatId(1)}/attachments`]: upload,
  });
  localStorage.setItem("selected-chat-id", chatId(1));
  renderApp("/chats", { user: mira });
  await screen.findByText("Which account was it?");
  const events = userEvent.setup({ applyAccept: false });
  const pick = (file: File) =>
    events.upload(screen.getByLabelText(/^(Attach an image|Прикрепить изображение)/, { selector: "input" }), file);
  return { api, events, pick };
}

describe("chat attachments", () => {
  it("show as a thumbnail with its caption as alternative text, opened full size from the keyboard", async () => {
    const { events } = await openChat(() => errorResponse(500, "SERVER_ERROR", "unused"));
    const thumbnail = screen.getByRole("img", { name: "Image 1 of 1: the login page" });
    expect(thumbnail).toHaveAttribute("src", screenshot.thumbnail_url);

    screen.getByRole("button", { name: "Open full size: Image 1 of 1: the login page" }).focus();
    await events.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Image" });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", screenshot.url);
    await events.click(within(dialog).getByRole("button", { name: "Close the image" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("mark the admin's message as Lootlane admin's, apart from the other member's", async () => {
    await openChat(() => errorResponse(500, "SERVER_ERROR", "unused"));
    const adminBubble = screen.getByText("Which account was it?").closest("[data-admin]");
    expect(adminBubble).not.toBeNull();
    expect(within(adminBubble as HTMLElement).getByText("Lootlane admin")).toBeInTheDocument();
    expect(screen.getByText("the login page").closest("[data-admin]")).toBeNull();
  });

  it("sends a picked image with the typed text as its caption and shows the stored message", async () => {
    const sent: ChatMessage = makeMessage(3, {
      sender_id: MIRA_ID,
      sender_username: "mira",
      text: "here it is",
      attachments: [{ ...screenshot, url: "/media/chats/b.png", thumbnail_url: "/media/chats/b-thumb.png" }],
    });
    const { api, events, pick } = await openChat(() => jsonResponse(200, sent));
    await events.type(screen.getByRole("textbox", { name: "Message" }), "here it is");

    await pick(image("proof.png", "image/png"));

    expect(await screen.findByRole("img", { name: "Image 1 of 1: here it is" })).toHaveAttribute(
      "src",
      "/media/chats/b-thumb.png",
    );
    const form = await sentForm(api.last(`POST /v1/chats/${chatId(1)}/attachments`));
    expect(form).toEqual({ fields: { text: "here it is" }, files: { image: 1 } });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
  });

  it("refuses a file that is not an image or too large before sending, and says why the server refused one", async () => {
    const { api, pick } = await openChat(() => errorResponse(413, "IMAGE_TOO_LARGE", "too large"));

    await pick(image("notes.pdf", "application/pdf"));
    expect(await screen.findByText("Choose a .jpg, .jpeg or .png image")).toBeInTheDocument();
    await pick(image("huge.png", "image/png", IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText("The image is larger than 5 MB")).toBeInTheDocument();
    expect(api.calls).not.toContain(`POST /v1/chats/${chatId(1)}/attachments`);

    await pick(image("proof.png", "image/png"));
    expect(await screen.findByText("The image was not sent: The image is too large")).toBeInTheDocument();
  });

  it("speak Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const { pick } = await openChat(() => errorResponse(413, "IMAGE_TOO_LARGE", "too large"));
      expect(screen.getByText("Администратор Lootlane")).toBeInTheDocument();
      expect(screen.getByRole("img", { name: "Изображение 1 из 1: the login page" })).toBeInTheDocument();
      await pick(image("proof.png", "image/png"));
      expect(await screen.findByText("Изображение не отправлено: Изображение слишком большое")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

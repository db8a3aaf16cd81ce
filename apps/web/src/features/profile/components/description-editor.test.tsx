import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, stubRoutes } from "@/test/stub-api";
import { ownProfileOf } from "../testing/profile-fixtures";

const mira = makeUser({ username: "mira", description: "Rare items" });

async function openOwnProfile(routes: Parameters<typeof stubRoutes>[0] = {}) {
  const api = stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)), ...routes });
  const app = renderApp("/profile/mira", { user: mira });
  const textbox = await screen.findByRole("textbox", { name: "About me" });
  return { ...app, api, textbox, save: screen.getByRole("button", { name: "Save" }) };
}

describe("description editor (SPEC §5 Profile description)", () => {
  it("starts with the saved text, a counter, and Save disabled while nothing changed", async () => {
    const { textbox, save } = await openOwnProfile();

    expect(textbox).toHaveValue("Rare items");
    expect(textbox).toHaveAccessibleDescription("10/500");
    expect(textbox).toHaveAttribute("maxlength", "500");
    expect(save).toBeDisabled();
  });

  it("enables Save on a change, counts as you type, and disables it when emptied or changed back", async () => {
    const { textbox, save, events } = await openOwnProfile();

    await events.type(textbox, "!");
    expect(save).toBeEnabled();
    expect(textbox).toHaveAccessibleDescription("11/500");

    await events.clear(textbox);
    expect(save).toBeDisabled();
    expect(textbox).toHaveAccessibleDescription("0/500");

    await events.type(textbox, "   ");
    expect(save).toBeDisabled();

    await events.clear(textbox);
    await events.type(textbox, "Rare items ");
    expect(save).toBeDisabled();
  });

  it("posts the new text, keeps showing it, and confirms", async () => {
    const { textbox, save, events, api } = await openOwnProfile({
      "POST /v1/users/description": async (request) => {
        const { description } = (await request.json()) as { description: string };
        return jsonResponse(200, { ...mira, description });
      },
    });

    await events.clear(textbox);
    await events.type(textbox, "  Keys and accounts  ");
    await events.click(save);

    expect(await screen.findByText("Description saved")).toBeInTheDocument();
    expect(api.calls.filter((call) => call === "POST /v1/users/description")).toHaveLength(1);
    const sent = api.requests.find((request) => request.method === "POST");
    await expect(sent?.json()).resolves.toEqual({ description: "Keys and accounts" });
    expect(textbox).toHaveValue("Keys and accounts");
    // The saved text is now the profile's own: nothing left to save, and no second request to learn it.
    expect(save).toBeDisabled();
    expect(api.calls.filter((call) => call === "GET /v1/users/mira")).toHaveLength(1);
  });

  it("shows the server's refusal, translated, under the field", async () => {
    const { textbox, save, events } = await openOwnProfile({
      "POST /v1/users/description": () => errorResponse(422, "VALIDATION_ERROR", "body/description: Too long"),
    });

    await events.type(textbox, " and keys");
    await events.click(save);

    await waitFor(() => expect(textbox).toHaveAccessibleDescription(/Some fields are filled in incorrectly/));
    expect(textbox).toHaveAttribute("aria-invalid", "true");
    expect(textbox).toHaveValue("Rare items and keys");
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { IMAGE_MAX_BYTES } from "@lootlane/contract";
import { stubObjectUrls } from "@/test/object-urls";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, stubRoutes } from "@/test/stub-api";
import { ownProfileOf } from "../testing/profile-fixtures";

const mira = makeUser({ username: "mira", avatar_url: "/media/avatars/old.png" });
const NEW_AVATAR = "/media/avatars/new.png";

stubObjectUrls();

function image(name: string, type: string, size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** The owner's profile; the server keeps the avatar it was last sent, as the real one does. */
async function openOwnProfile(
  upload: (request: Request) => Response | Promise<Response> = () => jsonResponse(200, { avatar_url: NEW_AVATAR }),
) {
  let current = mira;
  const api = stubRoutes({
    "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(current)),
    "POST /v1/auth/": () => jsonResponse(200, current),
    "GET /v1/products/user/by-username/mira": () => jsonResponse(200, []),
    "PATCH /v1/users/avatar": async (request) => {
      const response = await upload(request);
      if (response.ok) current = { ...current, avatar_url: NEW_AVATAR };
      return response;
    },
  });
  renderApp("/profile/mira", { user: mira });
  await screen.findByRole("img", { name: "Avatar of mira" });
  // The file picker's own filter is what a user could switch off; the app must refuse on its own.
  const events = userEvent.setup({ applyAccept: false });
  const pick = (file: File) => events.upload(screen.getByLabelText("Change photo", { selector: "input" }), file);
  return { api, events, pick };
}

describe("avatar editor", () => {
  it("refuses a file that is not .jpg, .jpeg or .png before sending anything", async () => {
    const { api, pick } = await openOwnProfile();

    await pick(image("me.gif", "image/gif"));

    expect(screen.getByRole("alert")).toHaveTextContent("Choose a .jpg, .jpeg or .png image");
    expect(screen.queryByRole("button", { name: "Upload" })).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Avatar of mira" })).toHaveAttribute("src", "/media/avatars/old.png");
    expect(api.calls).not.toContain("PATCH /v1/users/avatar");
  });

  it("refuses an image over 5 MB", async () => {
    const { api, pick } = await openOwnProfile();

    await pick(image("huge.jpg", "image/jpeg", IMAGE_MAX_BYTES + 1));

    expect(screen.getByRole("alert")).toHaveTextContent("The image is larger than 5 MB");
    expect(api.calls).not.toContain("PATCH /v1/users/avatar");
  });

  it("previews the picked image, then uploads it as multipart and shows the new avatar", async () => {
    const { api, events, pick } = await openOwnProfile();
    const append = vi.spyOn(FormData.prototype, "append");
    const picked = image("me.png", "image/png");

    await pick(picked);

    expect(screen.getByRole("img", { name: "New avatar preview" })).toHaveAttribute("src", "blob:preview");
    expect(api.calls).not.toContain("PATCH /v1/users/avatar");

    await events.click(screen.getByRole("button", { name: "Upload" }));

    expect(await screen.findByText("Photo updated")).toBeInTheDocument();
    const sent = api.requests.find((request) => request.method === "PATCH");
    expect(sent?.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(await sent?.formData().then((form) => form.get("file"))).toMatchObject({ type: "image/png", size: 2048 });
    // jsdom's File reaches Node's fetch as a bare Blob, so the file name is checked where the form is built.
    expect(append).toHaveBeenCalledWith("file", picked);
    expect(screen.getByRole("img", { name: "Avatar of mira" })).toHaveAttribute("src", NEW_AVATAR);
    expect(screen.queryByRole("button", { name: "Upload" })).not.toBeInTheDocument();
    // Both the profile and the signed-in user were asked again, so every screen shows the new picture.
    expect(api.calls.slice(api.calls.indexOf("PATCH /v1/users/avatar") + 1).sort()).toEqual([
      "GET /v1/users/mira",
      "POST /v1/auth/",
    ]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview");
  });

  it("cancels the picked image without sending it", async () => {
    const { api, events, pick } = await openOwnProfile();

    await pick(image("me.jpg", "image/jpeg"));
    await events.click(screen.getByRole("button", { name: "Cancel" }));

    expect(screen.getByRole("img", { name: "Avatar of mira" })).toHaveAttribute("src", "/media/avatars/old.png");
    expect(screen.getByRole("button", { name: "Change photo" })).toBeInTheDocument();
    expect(api.calls).not.toContain("PATCH /v1/users/avatar");
  });

  it("shows the server's refusal, translated, and keeps the preview to try again", async () => {
    const { events, pick } = await openOwnProfile(() => errorResponse(413, "IMAGE_TOO_LARGE", "Image is too large"));

    await pick(image("me.png", "image/png"));
    await events.click(screen.getByRole("button", { name: "Upload" }));

    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The image is too large"));
    expect(screen.getByRole("img", { name: "New avatar preview" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload" })).toBeEnabled();

    await events.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Category } from "@lootlane/contract";
import { makeCategory } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { stubObjectUrls } from "@/test/object-urls";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, sentForm, stubRoutes } from "@/test/stub-api";

/*
 * Issue 23 on /admin/categories: edit a category (names, descriptions, image), move it up or down with buttons,
 * hide or show it, and delete it after a confirmation that shows the server's refusal.
 */

const admin = makeUser({ username: "root", role: "admin" });

/** The admin API as a tiny server over a list: every change shows in the next read, as the real one's do. */
function stubAdminCatalogue() {
  let categories: Category[] = [
    makeCategory(1, { name: "Dota 2", name_ru: "Dota 2", image_url: "/media/categories/dota.png", position: 0 }),
    makeCategory(2, { name: "CS2", name_ru: "CS2", position: 1 }),
  ];
  const byId = (request: Request) => /\/v1\/admin\/category\/([^/]+)/.exec(new URL(request.url).pathname)?.[1];
  const api = stubRoutes(
    {
      "GET /v1/admin/categories": () => jsonResponse(200, categories),
      "POST /v1/admin/categories/reorder": async (request) => {
        const { ids } = (await request.json()) as { ids: string[] };
        categories = ids.map((id, position) => ({ ...categories.find((c) => c.id === id)!, position }));
        return jsonResponse(200, categories);
      },
    },
    async (request) => {
      const id = byId(request);
      const index = categories.findIndex((category) => category.id === id);
      if (index < 0) return errorResponse(404, "ROUTE_NOT_FOUND", "No such route");
      if (request.method === "PATCH") {
        categories[index] = { ...categories[index]!, ...((await request.json()) as Partial<Category>) };
        return jsonResponse(200, categories[index]);
      }
      if (request.method === "PUT") {
        categories[index] = { ...categories[index]!, image_url: "/media/categories/new.png" };
        return jsonResponse(200, categories[index]);
      }
      if (request.method === "DELETE") {
        if (categories[index]!.name === "Dota 2")
          return errorResponse(409, "CATEGORY_NOT_EMPTY", "This category still has listings or subcategories under it");
        categories.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      return errorResponse(404, "ROUTE_NOT_FOUND", "No such route");
    },
  );
  return { api, ids: () => categories.map((category) => category.id) };
}

stubObjectUrls();

async function openCategories() {
  renderApp("/admin/categories", { user: admin });
  const events = userEvent.setup({ applyAccept: false });
  await screen.findByRole("button", { name: /^Dota 2/ });
  return events;
}

const gameNames = () =>
  within(screen.getByRole("list", { name: "Games" }))
    .getAllByRole("button")
    .filter((button) => button.hasAttribute("aria-pressed"))
    .map((button) => button.textContent);

describe("admin categories: order", { timeout: 30_000 }, () => {
  it("moves a game down with the keyboard, sending the whole new order", async () => {
    const { api, ids } = stubAdminCatalogue();
    const events = await openCategories();
    expect(screen.getByRole("button", { name: "Move Dota 2 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move CS2 down" })).toBeDisabled();

    screen.getByRole("button", { name: "Move Dota 2 down" }).focus();
    await events.keyboard("{Enter}");

    await waitFor(() => expect(gameNames()[0]).toMatch(/^CS2/), { timeout: 15_000 });
    const sent = (await api.last("POST /v1/admin/categories/reorder")!.json()) as unknown;
    expect(sent).toEqual({ parent_id: null, ids: ids() });
    expect(ids()[1]).toBe(makeCategory(1).id);
  });
});

describe("admin categories: hiding", { timeout: 30_000 }, () => {
  it("hides a game, marks it Hidden, and shows it again", async () => {
    const { api } = stubAdminCatalogue();
    const events = await openCategories();
    expect(screen.queryByText("Hidden")).toBeNull();

    await events.click(screen.getByRole("button", { name: "Hide CS2" }));
    expect(await screen.findByText("Hidden", {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await api.last("PATCH /v1/admin/category/" + makeCategory(2).id)!.json()).toEqual({ hidden: true });

    await events.click(screen.getByRole("button", { name: "Show CS2" }));
    await waitFor(() => expect(screen.queryByText("Hidden")).toBeNull(), { timeout: 15_000 });
  });
});

describe("admin categories: editing", { timeout: 30_000 }, () => {
  it("saves the names and descriptions, then the new image, previewed before it is sent", async () => {
    const { api } = stubAdminCatalogue();
    const events = await openCategories();
    await events.click(screen.getByRole("button", { name: "Edit Dota 2" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Dota 2" }));
    expect(dialog.getByRole("img", { name: "Current image" })).toHaveAttribute("src", "/media/categories/dota.png");
    expect(dialog.getByText(/stays \/category-1/)).toBeInTheDocument();

    const name = dialog.getByRole("textbox", { name: "Name" });
    await events.clear(name);
    await events.type(name, "Dota Two");
    await events.type(dialog.getByRole("textbox", { name: "Description in Russian" }), "MOBA");
    await events.upload(
      dialog.getByLabelText("Choose an image", { selector: "input" }),
      new File([new Uint8Array(2048)], "new.png", { type: "image/png" }),
    );
    expect(await dialog.findByRole("img", { name: "Chosen image" }, { timeout: 15_000 })).toBeInTheDocument();
    await events.click(dialog.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 15_000 });
    const id = makeCategory(1).id;
    expect(await api.last(`PATCH /v1/admin/category/${id}`)!.json()).toEqual({
      name: "Dota Two",
      name_ru: "",
      description: "",
      description_ru: "MOBA",
    });
    expect((await sentForm(api.last(`PUT /v1/admin/category/${id}/image`))).files).toEqual({ uploaded_image: 1 });
    expect(await screen.findByRole("button", { name: /^Dota Two/ })).toBeInTheDocument();
  });
});

describe("admin categories: deleting", { timeout: 30_000 }, () => {
  it("shows the refusal for a category with listings, and deletes an empty one after confirming", async () => {
    stubAdminCatalogue();
    const events = await openCategories();

    await events.click(screen.getByRole("button", { name: "Delete Dota 2" }));
    let dialog = within(await screen.findByRole("dialog", { name: "Delete Dota 2?" }));
    await events.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await dialog.findByRole("alert", {}, { timeout: 15_000 })).toHaveTextContent(
      "This category still has listings or subcategories under it",
    );
    await events.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 15_000 });

    await events.click(screen.getByRole("button", { name: "Delete CS2" }));
    dialog = within(await screen.findByRole("dialog", { name: "Delete CS2?" }));
    await events.click(dialog.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(gameNames()).toEqual([expect.stringMatching(/^Dota 2/)]), { timeout: 15_000 });
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubAdminCatalogue();
      renderApp("/admin/categories", { user: admin });
      const events = userEvent.setup();
      await events.click(await screen.findByRole("button", { name: "Скрыть CS2" }, { timeout: 15_000 }));
      expect(await screen.findByText("Скрыта", {}, { timeout: 15_000 })).toBeInTheDocument();
      await events.click(screen.getByRole("button", { name: "Удалить Dota 2" }));
      const dialog = within(await screen.findByRole("dialog", { name: "Удалить Dota 2?" }));
      await events.click(dialog.getByRole("button", { name: "Удалить" }));
      expect(await dialog.findByRole("alert", {}, { timeout: 15_000 })).toHaveTextContent(
        "В этой категории ещё есть товары или подкатегории",
      );
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

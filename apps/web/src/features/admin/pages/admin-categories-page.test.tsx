import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Category } from "@lootlane/contract";
import { makeCategory } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { stubObjectUrls } from "@/test/object-urls";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, sentForm, stubRoutes, type Handler } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";

const admin = makeUser({ username: "root", role: "admin" });
const dota = makeCategory(1, {
  name: "Dota 2",
  name_ru: "Dota 2",
  description: "The MOBA by Valve",
  description_ru: "MOBA от Valve",
  image_url: "/media/categories/dota.png",
});
const cs = makeCategory(2, { name: "CS2", name_ru: "CS2" });
const accounts = makeCategory(3, {
  name: "Accounts",
  name_ru: "Аккаунты",
  description: "Ranked accounts",
  description_ru: "Рейтинговые аккаунты",
  parent_id: dota.id,
  image_url: "/media/categories/accounts.png",
});
const items = makeCategory(4, { name: "Items", name_ru: "Предметы", parent_id: dota.id });

/**
 * The catalogue as a tiny server: a create adds the category, so the lists read afterwards include it. `create`
 * can refuse instead.
 */
function stubCatalogue(options: { create?: Handler; games?: Handler; patch?: Handler } = {}) {
  const categories: Category[] = [dota, accounts, items, cs];
  const api = stubRoutes(
    {
      "GET /v1/admin/categories": options.games ?? (() => jsonResponse(200, categories)),
      "POST /v1/admin/category":
        options.create ??
        (async (request) => {
          const form = await request.formData();
          const parent = form.get("parent_category_id");
          const name = String(form.get("name"));
          const description = String(form.get("description"));
          // The server's fallback: the English name and description where no Russian ones came.
          const created = makeCategory(10 + categories.length, {
            name,
            name_ru: String(form.get("name_ru") ?? name),
            description,
            description_ru: String(form.get("description_ru") ?? description),
            ...(typeof parent === "string" ? { parent_id: parent } : {}),
          });
          categories.push(created);
          return jsonResponse(200, created);
        }),
    },
    (request) => {
      if (request.method === "PATCH" && options.patch) return options.patch(request);
      const game = /^\/v1\/categories\/game\/(.+)$/.exec(new URL(request.url).pathname)?.[1];
      return request.method === "GET" && game
        ? jsonResponse(
            200,
            categories.filter((category) => category.parent_id === game),
          )
        : errorResponse(404, "ROUTE_NOT_FOUND", "No such route");
    },
  );
  return {
    /** The paths read or written, as "METHOD /v1/path". */
    paths: () => api.calls,
    /** What the last create sent: the text fields by name, and how many files each file field had. */
    async lastCreate() {
      const request = api.last("POST /v1/admin/category");
      if (!request) throw new Error("Nothing was created");
      expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
      return sentForm(request);
    },
  };
}

function image(name: string, type = name.endsWith(".png") ? "image/png" : "image/jpeg", size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

stubObjectUrls();

/** The screen with the games loaded; uploads ignore the picker's filter, as a drop does. */
async function openCategories(path = "/admin/categories") {
  const app = renderApp(path, { user: admin });
  const events = userEvent.setup({ applyAccept: false });
  await screen.findByRole("button", { name: /^Dota 2/ });
  return { ...app, events };
}

function dialog() {
  return within(screen.getByRole("dialog"));
}

async function pickImage(events: ReturnType<typeof userEvent.setup>, file: File, label = "Choose an image") {
  await events.upload(dialog().getByLabelText(label, { selector: "input" }), file);
}

describe("admin categories: guarantee period", () => {
  it("sets a kind's guarantee in days, empty to take its game's, and the game's own", async () => {
    const sent: Array<[string, unknown]> = [];
    const patch: Handler = async (request) => {
      const body = (await request.json()) as { guarantee_days: number | null };
      const id = new URL(request.url).pathname.split("/").at(-1)!;
      sent.push([id, body]);
      const category = [dota, accounts].find((candidate) => candidate.id === id)!;
      return jsonResponse(200, { ...category, ...body });
    };
    stubCatalogue({ patch });
    const { events } = await openCategories();
    await events.click(screen.getByRole("button", { name: /^Dota 2/ }));

    const kindField = await screen.findByRole("textbox", { name: "Guarantee of Accounts, days" });
    expect(kindField).toHaveAttribute("placeholder", "Game's");
    const gameField = screen.getByRole("textbox", { name: "Guarantee of Dota 2, days" });
    expect(gameField).toHaveAttribute("placeholder", "None");
    const saves = screen.getAllByRole("button", { name: "Save" });
    for (const save of saves) expect(save).toBeDisabled();

    await events.type(kindField, "14");
    await events.click(saves[1]!);
    await events.type(gameField, "3");
    await events.click(saves[0]!);
    await waitFor(() =>
      expect(sent).toEqual([
        [accounts.id, { guarantee_days: 14 }],
        [dota.id, { guarantee_days: 3 }],
      ]),
    );
  }, 20_000);
});

describe("admin categories: lists", () => {
  it("lists the games with image, names and descriptions, and loads a game's subcategories when it is chosen", async () => {
    stubCatalogue();
    const { events, router } = await openCategories();

    expect(screen.getByRole("heading", { level: 1, name: "Categories" })).toBeInTheDocument();
    const games = within(screen.getByRole("list", { name: "Games" }));
    // The Russian name and description show beneath the English ones where the admin gave them.
    expect(
      games
        .getAllByRole("button")
        // The game buttons, not their controls.
        .filter((button) => button.hasAttribute("aria-pressed"))
        .map((button) => button.textContent),
    ).toEqual(["Dota 2The MOBA by ValveMOBA от Valve", "CS2No description"]);
    expect(games.getByText("MOBA от Valve")).toHaveAttribute("lang", "ru");
    // Decorative (the name beside it says what it is), so it has no role of its own.
    expect(games.getByRole("button", { name: /^Dota 2/ }).querySelector("img")).toHaveAttribute(
      "src",
      "/media/categories/dota.png",
    );
    expect(games.getByRole("button", { name: /^CS2/ }).querySelector("img")).toBeNull();
    expect(screen.getByText("Select a game to see its subcategories")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Subcategory" })).toBeDisabled();

    await events.click(games.getByRole("button", { name: /^Dota 2/ }));

    const subcategories = within(await screen.findByRole("list", { name: "Subcategories of Dota 2" }));
    expect(subcategories.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "AccountsАккаунтыRanked accountsРейтинговые аккаунтыGuarantee, daysSaveEdit↑ Up↓ DownHideDelete",
      "ItemsПредметыNo descriptionGuarantee, daysSaveEdit↑ Up↓ DownHideDelete",
    ]);
    expect(subcategories.getByText("Аккаунты")).toHaveAttribute("lang", "ru");
    expect(subcategories.getAllByRole("listitem")[0]?.querySelector("img")).toHaveAttribute(
      "src",
      "/media/categories/accounts.png",
    );
    expect(games.getByRole("button", { name: /^Dota 2/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Add Subcategory" })).toBeEnabled();
    expect(router.state.location.search).toBe(`?game=${dota.id}`);

    await events.click(games.getByRole("button", { name: /^CS2/ }));

    expect(await screen.findByText("CS2 has no subcategories yet")).toBeInTheDocument();
  });

  it("opens with the game named in the address", async () => {
    stubCatalogue();
    await openCategories(`/admin/categories?game=${dota.id}`);

    expect(await screen.findByRole("list", { name: "Subcategories of Dota 2" })).toBeInTheDocument();
  });

  it("on a phone, brings the chosen game's subcategories into view below the games", async () => {
    setViewportWidth(375);
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    stubCatalogue();
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: /^Dota 2/ }));

    expect(await screen.findByRole("list", { name: "Subcategories of Dota 2" })).toBeInTheDocument();
    expect(scrolled.mock.contexts).toContain(screen.getByRole("region", { name: "Subcategories of Dota 2" }));
  });

  it("shows an error with Try again when the games do not load", async () => {
    let calls = 0;
    stubCatalogue({
      games: () => (++calls === 1 ? errorResponse(503, "DATABASE_ERROR", "down") : jsonResponse(200, [dota, cs])),
    });
    const { events } = renderApp("/admin/categories", { user: admin });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the games");
    expect(alert).toHaveTextContent("The database is unavailable, please try again shortly");
    await events.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("button", { name: /^Dota 2/ })).toBeInTheDocument();
  });
});

describe("admin categories: adding", () => {
  it("keeps Create disabled until there is a name and an image", async () => {
    stubCatalogue();
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: "Add Category" }));
    expect(screen.getByRole("dialog", { name: "Add Category" })).toBeInTheDocument();
    const create = dialog().getByRole("button", { name: "Create" });
    expect(create).toBeDisabled();
    expect(dialog().getByText("Enter a name and choose an image to create it.")).toBeInTheDocument();

    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "   ");
    await pickImage(events, image("logo.png"));
    expect(create).toBeDisabled();

    await events.clear(dialog().getByRole("textbox", { name: "Name" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Genshin Impact");
    expect(create).toBeEnabled();
    expect(dialog().getByRole("img", { name: "Chosen image" })).toHaveAttribute("src", "blob:preview");

    await events.click(dialog().getByRole("button", { name: "Remove the image" }));
    expect(create).toBeDisabled();
  });

  it("refuses files that are not .jpg, .jpeg or .png images, or too large, and names them", async () => {
    stubCatalogue();
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: "Add Category" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Genshin Impact");

    await pickImage(events, image("notes.pdf", "application/pdf"));
    expect(dialog().getByRole("alert")).toHaveTextContent(
      "notes.pdf is not an image: choose a .jpg, .jpeg or .png file",
    );
    expect(dialog().queryByRole("img", { name: "Chosen image" })).not.toBeInTheDocument();
    expect(dialog().getByRole("button", { name: "Create" })).toBeDisabled();

    await pickImage(events, image("anim.gif", "image/gif"));
    expect(dialog().getByRole("alert")).toHaveTextContent(
      "anim.gif is not an image: choose a .jpg, .jpeg or .png file",
    );

    await pickImage(events, image("huge.jpg", "image/jpeg", 5 * 1024 * 1024 + 1));
    expect(dialog().getByRole("alert")).toHaveTextContent("huge.jpg is larger than 5 MB");
    expect(dialog().getByRole("button", { name: "Create" })).toBeDisabled();

    await pickImage(events, image("cover.jpeg"));
    expect(dialog().queryByRole("alert")).not.toBeInTheDocument();
    expect(dialog().getByRole("button", { name: "Create" })).toBeEnabled();
  });

  it("adds a subcategory to the chosen game as multipart with parent_category_id, then lists it", async () => {
    const api = stubCatalogue();
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: /^Dota 2/ }));
    await screen.findByRole("list", { name: "Subcategories of Dota 2" });
    await events.click(screen.getByRole("button", { name: "Add Subcategory" }));
    expect(screen.getByRole("dialog", { name: "Add Subcategory to Dota 2" })).toBeInTheDocument();

    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "  Skins ");
    await fill(events, dialog().getByRole("textbox", { name: "Description" }), "Cosmetic items");
    await pickImage(events, image("skins.png"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Subcategory “Skins” added to Dota 2")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await api.lastCreate()).toEqual({
      fields: { name: "Skins", description: "Cosmetic items", parent_category_id: dota.id },
      files: { uploaded_image: 1 },
    });
    const subcategories = within(screen.getByRole("list", { name: "Subcategories of Dota 2" }));
    await waitFor(() => expect(subcategories.getByText("Skins")).toBeInTheDocument());
  });

  it("sends the Russian name and description beside the English ones, then lists both", async () => {
    const api = stubCatalogue();
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: /^Dota 2/ }));
    await screen.findByRole("list", { name: "Subcategories of Dota 2" });
    await events.click(screen.getByRole("button", { name: "Add Subcategory" }));
    const nameRu = dialog().getByRole("textbox", { name: "Name in Russian" });
    expect(nameRu).toHaveAttribute("placeholder", "e.g. Аккаунты");
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Skins");
    await fill(events, dialog().getByRole("textbox", { name: "Description" }), "Cosmetic items");
    // Until a Russian name is given, the Russian interface shows the English one: the field says so.
    expect(nameRu).toHaveAttribute("placeholder", "Skins");
    expect(dialog().getByRole("textbox", { name: "Description in Russian" })).toHaveAttribute(
      "placeholder",
      "Cosmetic items",
    );
    expect(
      dialog().getByText("Left empty, the Russian interface shows the English name and description."),
    ).toBeInTheDocument();
    await fill(events, nameRu, " Скины ");
    await fill(events, dialog().getByRole("textbox", { name: "Description in Russian" }), "Косметические предметы");
    await pickImage(events, image("skins.png"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Subcategory “Skins” added to Dota 2")).toBeInTheDocument();
    expect(await api.lastCreate()).toEqual({
      fields: {
        name: "Skins",
        name_ru: "Скины",
        description: "Cosmetic items",
        description_ru: "Косметические предметы",
        parent_category_id: dota.id,
      },
      files: { uploaded_image: 1 },
    });
    const subcategories = within(screen.getByRole("list", { name: "Subcategories of Dota 2" }));
    await waitFor(() =>
      expect(subcategories.getAllByRole("listitem").at(-1)).toHaveTextContent(
        "SkinsСкиныCosmetic itemsКосметические предметы",
      ),
    );
  });

  it("adds a game without a parent, then lists it among the games", async () => {
    const api = stubCatalogue();
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: "Add Category" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Genshin Impact");
    await pickImage(events, image("genshin.jpg"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Category “Genshin Impact” added")).toBeInTheDocument();
    expect(await api.lastCreate()).toEqual({
      fields: { name: "Genshin Impact", description: "" },
      files: { uploaded_image: 1 },
    });
    expect(await screen.findByRole("button", { name: /^Genshin Impact/ })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a refused name at the field, in words, and keeps what was entered", async () => {
    stubCatalogue({ create: () => errorResponse(409, "CATEGORY_NAME_ALREADY_EXISTS", "Name taken") });
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: "Add Category" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Dota 2");
    await fill(events, dialog().getByRole("textbox", { name: "Description" }), "Again");
    await pickImage(events, image("dota.png"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    const name = dialog().getByRole("textbox", { name: "Name" });
    await waitFor(() => expect(name).toHaveAccessibleDescription("A category with this name already exists"));
    expect(name).toHaveValue("Dota 2");
    expect(dialog().getByRole("textbox", { name: "Description" })).toHaveValue("Again");
    expect(dialog().getByRole("img", { name: "Chosen image" })).toBeInTheDocument();
    expect(dialog().getByRole("button", { name: "Create" })).toBeEnabled();
  });

  it("shows a Russian name a sibling already has at the Russian name, and a too long one there too", async () => {
    let answer = errorResponse(409, "CATEGORY_NAME_ALREADY_EXISTS", "Name taken", [
      { field: "name_ru", message: "Another category beside it has this Russian name" },
    ]);
    stubCatalogue({ create: () => answer });
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: /^Dota 2/ }));
    await events.click(screen.getByRole("button", { name: "Add Subcategory" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Profiles");
    await fill(events, dialog().getByRole("textbox", { name: "Name in Russian" }), "Аккаунты");
    await pickImage(events, image("profiles.png"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    const nameRu = dialog().getByRole("textbox", { name: "Name in Russian" });
    await waitFor(() => expect(nameRu).toHaveAccessibleDescription("A category with this name already exists"));
    expect(dialog().getByRole("textbox", { name: "Name" })).not.toHaveAccessibleDescription();
    expect(nameRu).toHaveValue("Аккаунты");

    answer = errorResponse(422, "VALIDATION_ERROR", "Invalid", [
      { field: "name_ru", message: "At most 60 characters" },
    ]);
    await events.click(dialog().getByRole("button", { name: "Create" }));
    await waitFor(() => expect(nameRu).toHaveAccessibleDescription("At most 60 characters"));
  });

  it("shows other refusals inside the dialog", async () => {
    stubCatalogue({ create: () => errorResponse(404, "PARENT_CATEGORY_NOT_FOUND", "No parent") });
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: /^Dota 2/ }));
    await events.click(screen.getByRole("button", { name: "Add Subcategory" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Skins");
    await pickImage(events, image("skins.png"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    const alert = await dialog().findByRole("alert");
    expect(alert).toHaveTextContent("Could not create the category");
    expect(alert).toHaveTextContent("Parent category not found");
    expect(dialog().getByRole("textbox", { name: "Name" })).toHaveValue("Skins");
  });

  it("shows a refused image at the image field", async () => {
    stubCatalogue({ create: () => errorResponse(400, "WRONG_FILE_TYPE", "Only images") });
    const { events } = await openCategories();

    await events.click(screen.getByRole("button", { name: "Add Category" }));
    await fill(events, dialog().getByRole("textbox", { name: "Name" }), "Genshin Impact");
    await pickImage(events, image("fake.png"));
    await events.click(dialog().getByRole("button", { name: "Create" }));

    expect(await dialog().findByText("Only images can be uploaded")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("admin categories in Russian", () => {
  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubCatalogue();
      const app = renderApp("/admin/categories", { user: admin });
      const events = userEvent.setup({ applyAccept: false });

      expect(await screen.findByRole("heading", { level: 1, name: "Категории" })).toBeInTheDocument();
      expect(await screen.findByRole("list", { name: "Игры" })).toBeInTheDocument();
      expect(screen.getByText("Выберите игру, чтобы увидеть её подкатегории")).toBeInTheDocument();
      await events.click(screen.getByRole("button", { name: /^Dota 2/ }));
      expect(await screen.findByRole("list", { name: "Подкатегории: Dota 2" })).toBeInTheDocument();

      await events.click(screen.getByRole("button", { name: "Добавить подкатегорию" }));
      expect(screen.getByRole("dialog", { name: "Новая подкатегория: Dota 2" })).toBeInTheDocument();
      expect(dialog().getByRole("textbox", { name: "Название на русском" })).toHaveAttribute(
        "placeholder",
        "например, Аккаунты",
      );
      expect(dialog().getByRole("textbox", { name: "Описание на русском" })).toBeInTheDocument();
      expect(dialog().getByRole("button", { name: "Создать" })).toBeDisabled();
      await pickImage(events, image("notes.txt", "text/plain"), "Выбрать изображение");
      expect(dialog().getByRole("alert")).toHaveTextContent(
        "notes.txt — не изображение: выберите файл .jpg, .jpeg или .png",
      );
      expect(app.router.state.location.pathname).toBe("/admin/categories");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { makeSellerStats } from "@/shared/trust/testing/trust-fixtures";
import { fill } from "@/test/fill";
import { stubObjectUrls } from "@/test/object-urls";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, sentForm, stubRoutes } from "@/test/stub-api";
import {
  accounts,
  categoryRoutes,
  choose,
  cs,
  errorOf,
  field,
  image,
  pickerEvents,
} from "../components/product-form/testing/product-form-fixtures";

const mira = makeUser({ username: "mira" });

stubObjectUrls({ numbered: true });

/** The create form with the catalogue's categories; `create` answers POST /products/. */
async function openCreate(
  create: (request: Request) => Response | Promise<Response> = () => jsonResponse(200, makeProduct(9)),
) {
  const api = stubRoutes({
    ...categoryRoutes,
    "POST /v1/products/": create,
    "GET /v1/users/mira": () => jsonResponse(200, { ...mira, seller_stats: makeSellerStats() }),
    "GET /v1/products/user/by-username/mira": () => jsonResponse(200, []),
  });
  const app = renderApp("/product/create", { user: mira });
  await screen.findByRole("heading", { level: 1, name: "Create product" });
  return { api, ...app, ...pickerEvents() };
}

/** Fills every field with valid values; Dota 2 → Accounts, two units of stock, two images. */
async function fillValid({ events, pick }: ReturnType<typeof pickerEvents>) {
  await fill(events, field("Title"), "Dota 2 account, 5000 MMR");
  await fill(events, field("Description"), "All heroes, Europe West, never banned.");
  await fill(events, field("Price"), "1500");
  await choose(events, "Game", "Dota 2");
  await choose(events, "Subcategory", "Accounts");
  await fill(
    events,
    field("Units of stock"),
    "login: seller1 / password: hunter22\nlogin: seller2 / password: hunter23",
  );
  await pick(image("front.png"), image("back.jpg"));
}

describe("create product: client rules (SPEC §5)", () => {
  it("names every missing field and sends nothing", async () => {
    const { api, events } = await openCreate();

    await events.click(screen.getByRole("button", { name: "Send for moderation" }));

    for (const name of ["Title", "Description", "Price"]) expect(errorOf(field(name))).toBe("Fill in this field");
    expect(errorOf(field("Units of stock"))).toBe("Add at least one unit, one per line");
    // The delivery note is optional.
    expect(errorOf(field("Delivery note"))).toBeNull();
    expect(errorOf(field("Game"))).toBe("Choose a game");
    expect(screen.getByText("Add at least one image")).toBeInTheDocument();
    expect(screen.getByText("Fill in all fields and add at least one image.")).toBeInTheDocument();
    // The first field with a problem takes the focus, so a keyboard user lands on it.
    expect(field("Title")).toHaveFocus();
    expect(api.calls).not.toContain("POST /v1/products/");
  });

  it("checks the lengths and the price with the contract's limits", async () => {
    const { api, events } = await openCreate();

    await fill(events, field("Title"), "Too short");
    await fill(events, field("Description"), "x".repeat(5001));
    await fill(events, field("Price"), "0");
    await fill(events, field("Delivery note"), "  a  ");
    await events.click(screen.getByRole("button", { name: "Send for moderation" }));

    expect(errorOf(field("Title"))).toBe("At least 10 characters");
    expect(errorOf(field("Description"))).toBe("At most 5000 characters");
    expect(errorOf(field("Price"))).toBe("The price must be above 0");
    expect(errorOf(field("Delivery note"))).toBe("At least 10 characters");
    expect(api.calls).not.toContain("POST /v1/products/");
  });

  it("refuses a price above the ceiling, written as money", async () => {
    const { events } = await openCreate();

    await fill(events, field("Price"), "10000001");
    await events.click(screen.getByRole("button", { name: "Send for moderation" }));

    expect(errorOf(field("Price"))).toBe("At most 10 000 000 ₽");
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const api = stubRoutes(categoryRoutes);
      const { events } = renderApp("/product/create", { user: mira });
      await screen.findByRole("heading", { level: 1, name: "Новый товар" });

      await fill(events, field("Описание"), "Коротко");
      await events.click(screen.getByRole("button", { name: "Отправить на модерацию" }));

      expect(errorOf(field("Название"))).toBe("Заполните это поле");
      expect(errorOf(field("Описание"))).toBe("Не меньше 10 символов");
      expect(errorOf(field("Игра"))).toBe("Выберите игру");
      expect(screen.getByText("Добавьте хотя бы одно изображение")).toBeInTheDocument();
      expect(screen.getByText("Заполните все поля и добавьте хотя бы одно изображение.")).toBeInTheDocument();
      expect(api.calls).not.toContain("POST /v1/products/");

      // The kinds of goods are named in Russian too.
      await choose(events, "Игра", "Dota 2");
      await choose(events, "Подкатегория", "Аккаунты");
      expect(field("Подкатегория")).toHaveValue("Аккаунты");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("create product: images", () => {
  it("previews picked images, marks the first as the cover and removes any", async () => {
    const { events, pick } = await openCreate();

    await pick(image("front.png"), image("side.jpg"), image("back.jpeg"));

    const tiles = await screen.findAllByRole("img", { name: /^Image \d$/ });
    expect(tiles.map((tile) => tile.getAttribute("src"))).toEqual([
      "blob:preview-1",
      "blob:preview-2",
      "blob:preview-3",
    ]);
    expect(screen.getByText("3/10")).toBeInTheDocument();
    expect(within(tiles[0]!.closest("li")!).getByText("Cover")).toBeInTheDocument();

    await events.click(screen.getByRole("button", { name: "Remove image 2" }));

    expect(screen.getAllByRole("img", { name: /^Image \d$/ }).map((tile) => tile.getAttribute("src"))).toEqual([
      "blob:preview-1",
      "blob:preview-3",
    ]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview-2");
    expect(screen.getByText("2/10")).toBeInTheDocument();
  });

  it("refuses files that are not .jpg, .jpeg or .png, or larger than 5 MB, by name, and keeps the rest", async () => {
    const { pick } = await openCreate();

    await pick(
      image("ok.png"),
      image("anim.gif", "image/gif"),
      image("huge.jpg", "image/jpeg", IMAGE_MAX_BYTES + 1),
      image("renamed.png", "application/pdf"),
    );

    const refused = await screen.findByRole("alert");
    expect(
      within(refused)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "anim.gif: choose a .jpg, .jpeg or .png image",
      "huge.jpg: the image is larger than 5 MB",
      "renamed.png: choose a .jpg, .jpeg or .png image",
    ]);
    expect(screen.getAllByRole("img", { name: /^Image \d+$/ })).toHaveLength(1);
  });

  it(`takes at most ${PRODUCT_IMAGES_MAX} images and then stops taking more`, async () => {
    const { pick } = await openCreate();

    await pick(...Array.from({ length: PRODUCT_IMAGES_MAX + 1 }, (_, index) => image(`shot-${index + 1}.png`)));

    expect(await screen.findByText("shot-11.png: a product can have at most 10 images")).toBeInTheDocument();
    expect(screen.getAllByRole("img", { name: /^Image \d+$/ })).toHaveLength(PRODUCT_IMAGES_MAX);
    expect(screen.getByText("You have added the most images a product can have.")).toBeInTheDocument();
    expect(screen.getByLabelText("Choose images", { selector: "input" })).toBeDisabled();
    expect(screen.getByText("shot-11.png: a product can have at most 10 images")).toBeInTheDocument();
  });
});

describe("create product: sending", () => {
  it("sends the fields and every image as multipart, then shows the own profile with a moderation notice", async () => {
    const { api, router, ...events } = await openCreate();

    await fillValid(events);
    await events.events.click(screen.getByRole("button", { name: "Send for moderation" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/mira"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(
      await screen.findByText("Product created. Buyers will see it once a moderator approves it."),
    ).toBeInTheDocument();
    const sent = api.last("POST /v1/products/");
    expect(sent?.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(await sentForm(sent)).toEqual({
      fields: {
        title: "Dota 2 account, 5000 MMR",
        description: "All heroes, Europe West, never banned.",
        price: "1500",
        // The subcategory is the product's category.
        category_id: accounts.id,
        delivery: "auto",
        // Multipart writes every line break of a text field as CRLF; the contract reads either.
        stock_items: "login: seller1 / password: hunter22\r\nlogin: seller2 / password: hunter23",
      },
      files: { uploaded_images: 2 },
    });
  });

  it("files the product under the game when no subcategory is chosen", async () => {
    const { api, router, events, pick } = await openCreate();

    await fill(events, field("Title"), "CS2 prime account");
    await fill(events, field("Description"), "Prime status, 300 hours played.");
    await fill(events, field("Price"), "700");
    await choose(events, "Game", "CS2");
    await fill(events, field("Units of stock"), "steam login and password");
    await pick(image("cover.png"));
    // CS2 has no kinds of goods: there is nothing more to choose.
    expect(screen.queryByRole("textbox", { name: "Subcategory" })).not.toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Send for moderation" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/mira"));
    expect((await sentForm(api.last("POST /v1/products/"))).fields.category_id).toBe(cs.id);
  });

  it("forgets the subcategory when another game is chosen", async () => {
    const { events } = await openCreate();

    await choose(events, "Game", "Dota 2");
    await choose(events, "Subcategory", "Accounts");
    await choose(events, "Game", "CS2");
    await choose(events, "Game", "Dota 2");

    expect(field("Subcategory")).toHaveValue("");
  });

  it("shows the server's validation errors joined by commas after the prefix, and at their fields", async () => {
    const { events, router, ...rest } = await openCreate(() =>
      errorResponse(422, "VALIDATION_ERROR", "Some fields are filled in incorrectly", [
        { field: "title", message: "At least 10 characters" },
        { field: "price", message: "At most 10000000" },
      ]),
    );

    await fillValid({ events, ...rest });
    await events.click(screen.getByRole("button", { name: "Send for moderation" }));

    expect(
      await screen.findByText("Validation errors: Title: At least 10 characters, Price: At most 10000000"),
    ).toBeInTheDocument();
    expect(errorOf(field("Title"))).toBe("At least 10 characters");
    expect(router.state.location.pathname).toBe("/product/create");
  });

  it.each([
    ["IMAGE_TOO_LARGE", 413, "Image is too large", "The image is too large"],
    ["WRONG_IMAGE_FORMAT", 400, "Wrong image format", "Wrong image format: use .jpg, .png or .jpeg"],
    [
      "MAXIMUM_NUMBER_PHOTOS_EXCEEDED",
      400,
      "Too many photos: at most 10 per product",
      "Too many photos: at most 10 per product",
    ],
    ["CATEGORY_NOT_FOUND", 404, "Category not found", "Category not found"],
  ])("shows %s translated", async (code, status, message, shown) => {
    const { events, ...rest } = await openCreate(() => errorResponse(status, code, message));

    await fillValid({ events, ...rest });
    await events.click(screen.getByRole("button", { name: "Send for moderation" }));

    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it("shows a server refusal in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubRoutes({
        ...categoryRoutes,
        "POST /v1/products/": () => errorResponse(413, "IMAGE_TOO_LARGE", "Image is too large"),
      });
      renderApp("/product/create", { user: mira });
      await screen.findByRole("heading", { level: 1, name: "Новый товар" });
      const { events, pick } = pickerEvents("Выбрать изображения");

      await fill(events, field("Название"), "Аккаунт Dota 2, 5000 MMR");
      await fill(events, field("Описание"), "Все герои, Европа, без банов.");
      await fill(events, field("Цена"), "1500");
      await choose(events, "Игра", "Dota 2");
      await fill(events, field("Единицы товара"), "логин: seller / пароль: hunter22");
      await pick(image("front.png"));
      await events.click(screen.getByRole("button", { name: "Отправить на модерацию" }));

      expect(await screen.findByText("Изображение слишком большое")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("create product: delivery", () => {
  /** Every field but the goods, valid: Dota 2 → Accounts, one image. */
  async function fillDetails({ events, pick }: ReturnType<typeof pickerEvents>) {
    await fill(events, field("Title"), "Steam keys for Hades II");
    await fill(events, field("Description"), "Global keys, each activates on Steam in any region.");
    await fill(events, field("Price"), "900");
    await choose(events, "Game", "Dota 2");
    await pick(image("cover.png"));
  }

  it("counts the units as they are pasted and sends them with the note", async () => {
    const { api, router, ...events } = await openCreate();
    await fillDetails(events);

    await fill(events.events, field("Units of stock"), "KEY-AAAA\n\n  KEY-BBBB  \nKEY-CCCC\n");
    expect(screen.getByText("3 units")).toBeInTheDocument();
    await fill(events.events, field("Delivery note"), "Activate on Steam: Games → Activate a product");
    await events.events.click(screen.getByRole("button", { name: "Send for moderation" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/mira"));
    const { fields } = await sentForm(api.last("POST /v1/products/"));
    expect(fields).toMatchObject({
      delivery: "auto",
      stock_items: "KEY-AAAA\r\n\r\n  KEY-BBBB  \r\nKEY-CCCC",
      product_data: "Activate on Steam: Games → Activate a product",
    });
    expect(fields).not.toHaveProperty("quantity");
  });

  it("names a repeated unit by its lines and sends nothing", async () => {
    const { api, ...events } = await openCreate();
    await fillDetails(events);

    await fill(events.events, field("Units of stock"), "KEY-AAAA\nKEY-BBBB\nKEY-AAAA");
    await events.events.click(screen.getByRole("button", { name: "Send for moderation" }));

    expect(errorOf(field("Units of stock"))).toBe("Line 3 repeats line 1");
    expect(api.calls).not.toContain("POST /v1/products/");
  });

  it("fills the box from a .txt file, after what is already there", async () => {
    const { events } = await openCreate();

    await fill(events, field("Units of stock"), "KEY-AAAA");
    await events.upload(
      screen.getByLabelText("Load from a file", { selector: "input" }),
      new File(["KEY-BBBB\nKEY-CCCC\n"], "keys.txt", { type: "text/plain" }),
    );

    await waitFor(() => expect(field("Units of stock")).toHaveValue("KEY-AAAA\nKEY-BBBB\nKEY-CCCC\n"));
    expect(screen.getByText("3 units")).toBeInTheDocument();
  });

  it("sells by hand: a quantity and what the buyer receives, no units", async () => {
    const { api, router, ...events } = await openCreate();
    await fillDetails(events);

    await events.events.click(screen.getByRole("radio", { name: /Manual: I deliver in the chat/ }));
    expect(screen.queryByRole("textbox", { name: "Units of stock" })).not.toBeInTheDocument();
    await events.events.click(screen.getByRole("button", { name: "Send for moderation" }));
    expect(errorOf(field("Product data"))).toBe("Fill in this field");

    await events.events.clear(field("Quantity"));
    await fill(events.events, field("Quantity"), "0");
    await fill(events.events, field("Product data"), "1000 gold on the EU server, by in-game mail");
    await events.events.click(screen.getByRole("button", { name: "Send for moderation" }));
    expect(errorOf(field("Quantity"))).toBe("At least 1");

    await events.events.clear(field("Quantity"));
    await fill(events.events, field("Quantity"), "50");
    await events.events.click(screen.getByRole("button", { name: "Send for moderation" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/mira"));
    const { fields } = await sentForm(api.last("POST /v1/products/"));
    expect(fields).toMatchObject({
      delivery: "manual",
      quantity: "50",
      product_data: "1000 gold on the EU server, by in-game mail",
    });
    expect(fields).not.toHaveProperty("stock_items");
  });

  it("shows the server's refused lines at the box, in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubRoutes({
        ...categoryRoutes,
        "POST /v1/products/": () =>
          errorResponse(422, "VALIDATION_ERROR", "Some fields are filled in incorrectly", [
            { field: "stock_items", message: "Line 2 is already in the listing" },
            { field: "stock_items", message: "Line 3 repeats line 1" },
          ]),
      });
      const { events } = renderApp("/product/create", { user: mira });
      await screen.findByRole("heading", { level: 1, name: "Новый товар" });
      const { pick } = pickerEvents("Выбрать изображения");

      await fill(events, field("Название"), "Ключи Steam для Hades II");
      await fill(events, field("Описание"), "Глобальные ключи, активируются в Steam.");
      await fill(events, field("Цена"), "900");
      await choose(events, "Игра", "Dota 2");
      await fill(events, field("Единицы товара"), "KEY-1\nKEY-2\nKEY-3");
      expect(screen.getByText("3 штуки")).toBeInTheDocument();
      await pick(image("cover.png"));
      await events.click(screen.getByRole("button", { name: "Отправить на модерацию" }));

      await waitFor(() =>
        expect(errorOf(field("Единицы товара"))).toBe("Строка 2 уже есть в товаре; Строка 3 повторяет строку 1"),
      );
      expect(
        screen.getByText(
          "Ошибки проверки: Единицы товара: Строка 2 уже есть в товаре, Единицы товара: Строка 3 повторяет строку 1",
        ),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

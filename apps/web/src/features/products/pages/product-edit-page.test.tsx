import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fixtureId, makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
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
const front = {
  id: fixtureId(1, "image"),
  image_url: "/media/products/front.png",
  thumbnail_url: "/media/products/front-thumb.png",
};
const back = {
  id: fixtureId(2, "image"),
  image_url: "/media/products/back.png",
  thumbnail_url: "/media/products/back-thumb.png",
};

/** Mira's own product as GET /products/{id} answers its owner: with the goods. */
const own = makeProduct(7, {
  title: "Dota 2 account, 5000 MMR",
  description: "All heroes, Europe West, never banned.",
  price: 1500,
  product_data: "login: seller / password: hunter22",
  product_data_string: "login: seller / password: hunter22",
  is_owner: true,
  seller: { username: "mira", avatar_url: "", rating: 5 },
  category: accounts,
  images: [front, back],
});
const editPath = `/product/edit/${own.id}`;

stubObjectUrls();

/** The edit form of `product`; PATCH /products/ answers with `update`. */
async function openEdit(
  product = own,
  update: (request: Request) => Response | Promise<Response> = () => jsonResponse(200, product),
) {
  const api = stubRoutes({
    ...categoryRoutes,
    [`GET /v1/products/${product.id}`]: () => jsonResponse(200, product),
    "PATCH /v1/products/": update,
  });
  const app = renderApp(editPath, { user: mira });
  return { api, ...app, ...pickerEvents() };
}

function tiles() {
  return screen.queryAllByRole("img", { name: /^Image \d+$/ }).map((tile) => tile.getAttribute("src"));
}

describe("edit product", () => {
  it("starts from the product, with its goods, category and images, and warns about moderation", async () => {
    await openEdit();

    expect(await screen.findByRole("heading", { level: 1, name: "Edit product" })).toBeInTheDocument();
    expect(field("Title")).toHaveValue("Dota 2 account, 5000 MMR");
    expect(field("Description")).toHaveValue("All heroes, Europe West, never banned.");
    expect(field("Price")).toHaveValue("1 500");
    // An `auto` listing: its product data is the note every buyer reads beside their units.
    expect(field("Delivery note")).toHaveValue("login: seller / password: hunter22");
    await waitFor(() => expect(field("Game")).toHaveValue("Dota 2"));
    await waitFor(() => expect(field("Subcategory")).toHaveValue("Accounts"));
    expect(tiles()).toEqual([front.thumbnail_url, back.thumbnail_url]);
    expect(screen.getByRole("note")).toHaveTextContent(/sends the product back to moderation/);
    // Nothing changed yet: nothing to send.
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();
    expect(screen.getByText("Change something to save it.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", `/product/${own.id}`);
  });

  it("sends only the changed fields, the removed image ids and the new images, then opens the product page", async () => {
    // A new image is content: the server sends the product back to moderation.
    const { api, events, pick, router } = await openEdit(own, () =>
      jsonResponse(200, { ...own, status: "moderation" }),
    );
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    await events.clear(field("Price"));
    await fill(events, field("Price"), "2000");
    await events.click(screen.getByRole("button", { name: "Remove image 1" }));
    await pick(image("new.png"));
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${own.id}`));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByText("Changes saved. The product is back in moderation.")).toBeInTheDocument();
    expect(await sentForm(api.last("PATCH /v1/products/"))).toEqual({
      fields: { product_id: own.id, price: "2000", deleted_image_ids: JSON.stringify([front.id]) },
      files: { uploaded_images: 1 },
    });
  });

  it("says the product stays on sale when the server kept it active after a new price", async () => {
    const { api, events, router } = await openEdit(own, () => jsonResponse(200, { ...own, price: 1800 }));
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    await events.clear(field("Price"));
    await fill(events, field("Price"), "1800");
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${own.id}`));
    expect(await screen.findByText("Changes saved.")).toBeInTheDocument();
    expect(screen.queryByText(/back in moderation/)).not.toBeInTheDocument();
    expect(await sentForm(api.last("PATCH /v1/products/"))).toEqual({
      fields: { product_id: own.id, price: "1800" },
      files: {},
    });
  });

  it("leaves out deleted_image_ids when no image was removed, and sends a new category alone", async () => {
    const { api, events, router } = await openEdit();
    await waitFor(() => expect(field("Subcategory")).toHaveValue("Accounts"));

    await choose(events, "Game", "CS2");
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${own.id}`));
    expect(await sentForm(api.last("PATCH /v1/products/"))).toEqual({
      fields: { product_id: own.id, category_id: cs.id },
      files: {},
    });
  });

  it("keeps at least one image", async () => {
    const { api, events } = await openEdit();
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    await events.click(screen.getByRole("button", { name: "Remove image 1" }));
    await events.click(screen.getByRole("button", { name: "Remove image 1" }));
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    expect(screen.getByText("Add at least one image")).toBeInTheDocument();
    expect(api.calls).not.toContain("PATCH /v1/products/");
  });

  it("shows the server's validation errors joined after the prefix", async () => {
    const { events } = await openEdit(own, () =>
      errorResponse(422, "VALIDATION_ERROR", "Some fields are filled in incorrectly", [
        { field: "description", message: "At most 5000 characters" },
        { field: "deleted_image_ids", message: "A JSON list of image ids" },
      ]),
    );
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    await fill(events, field("Title"), " (updated)");
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    expect(
      await screen.findByText(
        "Validation errors: Description: At most 5000 characters, Images: A JSON list of image ids",
      ),
    ).toBeInTheDocument();
    expect(errorOf(field("Description"))).toBe("At most 5000 characters");
  });

  it("sends someone else's product to the page-forbidden screen", async () => {
    const { router } = await openEdit({ ...own, is_owner: false, product_data: null, product_data_string: null });

    await waitFor(() => expect(router.state.location.pathname).toBe("/not-access"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.queryByRole("textbox", { name: "Title" })).not.toBeInTheDocument();
  });

  it("says the product is not found when the server hides it", async () => {
    stubRoutes({
      ...categoryRoutes,
      [`GET /v1/products/${own.id}`]: () => errorResponse(404, "PRODUCT_NOT_FOUND", "Product not found"),
    });
    renderApp(editPath, { user: mira });

    expect(await screen.findByRole("heading", { level: 1, name: "Product not found" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Title" })).not.toBeInTheDocument();
  });

  it("adds the units typed in to the stock, leads to the stock screen, and needs none to save other changes", async () => {
    const { api, events, router } = await openEdit();
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    expect(screen.getByRole("link", { name: "Manage stock" })).toHaveAttribute("href", `/product/${own.id}/stock`);
    expect(errorOf(field("Add units"))).toBeNull();
    await fill(events, field("Add units"), "KEY-9\nKEY-10");
    expect(screen.getByText("2 units")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${own.id}`));
    expect(await sentForm(api.last("PATCH /v1/products/"))).toEqual({
      fields: { product_id: own.id, stock_items: "KEY-9\r\nKEY-10" },
      files: {},
    });
  });

  it("keeps a note once written: it can be rewritten, not emptied", async () => {
    const { api, events } = await openEdit();
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    await events.clear(field("Delivery note"));
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    expect(errorOf(field("Delivery note"))).toBe("Fill in this field");
    expect(api.calls).not.toContain("PATCH /v1/products/");
  });

  it("sets a manual listing's quantity, starting from what it still offers", async () => {
    const manual = { ...own, delivery: "manual" as const, in_stock: 40, product_data: "1000 gold on the EU server" };
    const { api, events, router } = await openEdit(manual);
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    expect(screen.queryByRole("link", { name: "Manage stock" })).not.toBeInTheDocument();
    expect(field("Quantity")).toHaveValue("40");
    await events.clear(field("Quantity"));
    await fill(events, field("Quantity"), "75");
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${own.id}`));
    expect(await sentForm(api.last("PATCH /v1/products/"))).toEqual({
      fields: { product_id: own.id, quantity: "75" },
      files: {},
    });
  });

  it("turns an automatic listing into a manual one with the quantity it needs", async () => {
    const { api, events, router } = await openEdit();
    await screen.findByRole("heading", { level: 1, name: "Edit product" });

    await events.click(screen.getByRole("radio", { name: /Manual: I deliver in the chat/ }));
    await events.clear(field("Quantity"));
    await fill(events, field("Quantity"), "10");
    await events.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${own.id}`));
    expect(await sentForm(api.last("PATCH /v1/products/"))).toEqual({
      fields: { product_id: own.id, delivery: "manual", quantity: "10" },
      files: {},
    });
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      await openEdit();

      expect(await screen.findByRole("heading", { level: 1, name: "Редактирование товара" })).toBeInTheDocument();
      expect(screen.getByRole("note")).toHaveTextContent(/отправляют товар на повторную модерацию/);
      expect(screen.getByRole("button", { name: "Сохранить изменения" })).toBeDisabled();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

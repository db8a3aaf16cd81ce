import { describe, expect, it } from "vitest";
import { fixtureId, makeCategory, makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import {
  changesBetween,
  createFieldsOf,
  emptyProductForm,
  formValuesOf,
  hasChanges,
  type FormImage,
} from "./product-form-values";

const game = makeCategory(1, { name: "Dota 2" });
const kind = makeCategory(2, { name: "Accounts", parent_id: game.id });
const product = makeProduct(1, { category: kind, product_data: "login and password" });

describe("formValuesOf", () => {
  it("splits a subcategory into its game and itself", () => {
    expect(formValuesOf(product)).toMatchObject({
      gameId: game.id,
      subcategoryId: kind.id,
      productData: "login and password",
    });
  });

  it("files a product under a game without a subcategory", () => {
    expect(formValuesOf(makeProduct(2, { category: game }))).toMatchObject({ gameId: game.id, subcategoryId: null });
  });
});

describe("changesBetween", () => {
  const initial = formValuesOf(product);

  it("finds nothing when only blanks around the text or the price's type differ", () => {
    const changes = changesBetween(initial, {
      ...initial,
      title: `  ${initial.title}  `,
      price: String(initial.price),
    });

    expect(hasChanges(changes)).toBe(false);
  });

  it("lists the changed fields by their API names, trimmed", () => {
    const changes = changesBetween(initial, { ...initial, productData: " new goods here ", subcategoryId: null });

    expect(changes.fields).toEqual({ product_data: "new goods here", category_id: game.id });
  });

  it("lists removed stored images and new files", () => {
    const file = new File(["x"], "new.png", { type: "image/png" });
    const added: FormImage = { kind: "new", key: "new-0", file };
    const extra = { kind: "stored", id: fixtureId(9, "image"), url: "/media/9.png" } as const;
    const start = { ...initial, images: [...initial.images, extra] };

    const changes = changesBetween(start, { ...start, images: [extra, added] });

    expect(changes).toEqual({ fields: {}, deletedImageIds: [product.images[0]!.id], newImages: [file] });
    expect(hasChanges(changes)).toBe(true);
  });
});

describe("createFieldsOf", () => {
  const filled = { ...emptyProductForm, title: "Keys", description: "Steam keys", price: 900, gameId: game.id };

  it("sends an automatic listing's units, and its note only when written", () => {
    expect(createFieldsOf({ ...filled, stockItems: "  A\nB  ", quantity: 5 })).toEqual({
      title: "Keys",
      description: "Steam keys",
      price: 900,
      category_id: game.id,
      delivery: "auto",
      stock_items: "A\nB",
    });
    expect(createFieldsOf({ ...filled, stockItems: "A", productData: " Activate on Steam " })).toMatchObject({
      product_data: "Activate on Steam",
    });
  });

  it("sends a manual listing's quantity and goods, and no units", () => {
    const fields = createFieldsOf({
      ...filled,
      delivery: "manual",
      stockItems: "left over",
      quantity: "25",
      productData: "gold",
    });

    expect(fields).toMatchObject({ delivery: "manual", quantity: 25, product_data: "gold" });
    expect(fields).not.toHaveProperty("stock_items");
  });
});

describe("changesBetween, delivery", () => {
  const auto = formValuesOf(makeProduct(3, { product_data: "Activate on Steam", in_stock: 7 }));
  const manual = formValuesOf(makeProduct(4, { delivery: "manual", in_stock: 40, product_data: "1000 gold" }));

  it("starts a manual listing from the quantity it still offers", () => {
    expect(manual).toMatchObject({ delivery: "manual", quantity: 40, stockItems: "" });
  });

  it("adds the units typed in, and nothing else when nothing else changed", () => {
    expect(changesBetween(auto, { ...auto, stockItems: "KEY-1\nKEY-2" }).fields).toEqual({
      stock_items: "KEY-1\nKEY-2",
    });
    expect(hasChanges(changesBetween(auto, { ...auto, stockItems: "  " }))).toBe(false);
  });

  it("sends a quantity only when it changed", () => {
    expect(changesBetween(manual, { ...manual, quantity: "40" }).fields).toEqual({});
    expect(changesBetween(manual, { ...manual, quantity: 41 }).fields).toEqual({ quantity: 41 });
  });

  it("sends a new kind with what it needs", () => {
    expect(changesBetween(auto, { ...auto, delivery: "manual", quantity: 3 }).fields).toEqual({
      delivery: "manual",
      quantity: 3,
    });
    expect(changesBetween(manual, { ...manual, delivery: "auto", stockItems: "KEY-1" }).fields).toEqual({
      delivery: "auto",
      stock_items: "KEY-1",
    });
  });

  it("counts an emptied note as a change, for the form's rules to refuse", () => {
    expect(changesBetween(auto, { ...auto, productData: " " }).fields).toEqual({ product_data: "" });
  });
});

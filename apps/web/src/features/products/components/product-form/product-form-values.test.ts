import { describe, expect, it } from "vitest";
import { fixtureId, makeCategory, makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { changesBetween, formValuesOf, hasChanges, type FormImage } from "./product-form-values";

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

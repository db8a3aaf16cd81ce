import type { ProductDelivery, ProductDetail } from "@lootlane/contract";
import type { ProductFields } from "../../api/create-product";

/** An image of the form: one the product already has (edit), or a file picked here, not yet uploaded. */
export type FormImage = { kind: "stored"; id: string; url: string } | { kind: "new"; key: string; file: File };

export interface ProductFormValues {
  title: string;
  description: string;
  /** Mantine's number input gives "" while it is empty. */
  price: number | string;
  delivery: ProductDelivery;
  /** `auto`: units of stock to add, one per line (the listing's first units when creating). */
  stockItems: string;
  /** `manual`: how many the seller offers. Mantine's number input gives "" while it is empty. */
  quantity: number | string;
  /** `auto`: the optional delivery note every buyer sees beside their units; `manual`: what the buyer receives. */
  productData: string;
  gameId: string | null;
  subcategoryId: string | null;
  images: FormImage[];
}

export const emptyProductForm: ProductFormValues = {
  title: "",
  description: "",
  price: "",
  delivery: "auto",
  stockItems: "",
  quantity: 1,
  productData: "",
  gameId: null,
  subcategoryId: null,
  images: [],
};

/** The product's own category: the subcategory when one is chosen, else the game (ARCHITECTURE §4). */
export function categoryIdOf(values: Pick<ProductFormValues, "gameId" | "subcategoryId">): string | null {
  return values.subcategoryId ?? values.gameId;
}

/** The product as the edit form starts: a category with a parent is a subcategory of that game. */
export function formValuesOf(product: ProductDetail): ProductFormValues {
  const { category } = product;
  return {
    title: product.title,
    description: product.description,
    price: product.price,
    delivery: product.delivery,
    stockItems: "",
    // A manual listing's stock is the quantity the seller still offers.
    quantity: product.delivery === "manual" ? product.in_stock : 1,
    productData: product.product_data ?? "",
    gameId: category.parent_id ?? category.id,
    subcategoryId: category.parent_id ? category.id : null,
    // The thumbnail: the picker shows small tiles, and the full image can be many megabytes.
    images: product.images.map((image) => ({ kind: "stored", id: image.id, url: image.thumbnail_url })),
  };
}

/**
 * The text fields of a create request, trimmed as the contract stores them, with only the fields of the chosen
 * delivery: units (and a note when written) for `auto`, the quantity for `manual`. Only called on validated values.
 */
export function createFieldsOf(values: ProductFormValues): ProductFields {
  const fields: ProductFields = {
    title: values.title.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    category_id: categoryIdOf(values) ?? "",
    delivery: values.delivery,
  };
  const productData = values.productData.trim();
  if (productData) fields.product_data = productData;
  if (values.delivery === "auto") fields.stock_items = values.stockItems.trim();
  else fields.quantity = Number(values.quantity);
  return fields;
}

export function newFilesOf(images: FormImage[]): File[] {
  return images.flatMap((image) => (image.kind === "new" ? [image.file] : []));
}

/**
 * What an edit sends (SPEC §5 Update product): only the fields that changed, and only the images removed or
 * added. Units typed into an `auto` listing's box are added to its stock; a new delivery kind goes with the
 * fields it needs.
 */
export interface ProductChanges {
  fields: Partial<ProductFields>;
  deletedImageIds: string[];
  newImages: File[];
}

export function changesBetween(initial: ProductFormValues, current: ProductFormValues): ProductChanges {
  const before = createFieldsOf(initial);
  const after = createFieldsOf(current);
  const kindChanged = after.delivery !== before.delivery;
  const fields: Partial<ProductFields> = {};
  for (const name of ["title", "description", "price", "category_id"] as const) {
    if (after[name] !== before[name]) Object.assign(fields, { [name]: after[name] });
  }
  // An emptied note is a change too (which the form's rules refuse), not a silent "nothing to save".
  const productData = current.productData.trim();
  if (productData !== initial.productData.trim()) fields.product_data = productData;
  if (kindChanged) fields.delivery = after.delivery;
  if (after.stock_items) fields.stock_items = after.stock_items;
  if (after.quantity !== undefined && (kindChanged || after.quantity !== before.quantity))
    fields.quantity = after.quantity;
  const kept = new Set(current.images.flatMap((image) => (image.kind === "stored" ? [image.id] : [])));
  const deletedImageIds = initial.images.flatMap((image) =>
    image.kind === "stored" && !kept.has(image.id) ? [image.id] : [],
  );
  return { fields, deletedImageIds, newImages: newFilesOf(current.images) };
}

export function hasChanges({ fields, deletedImageIds, newImages }: ProductChanges): boolean {
  return Object.keys(fields).length > 0 || deletedImageIds.length > 0 || newImages.length > 0;
}

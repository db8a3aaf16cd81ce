import type { CreateProductFields, ProductDetail } from "@lootlane/contract";

/** An image of the form: one the product already has (edit), or a file picked here, not yet uploaded. */
export type FormImage = { kind: "stored"; id: string; url: string } | { kind: "new"; key: string; file: File };

export interface ProductFormValues {
  title: string;
  description: string;
  /** Mantine's number input gives "" while it is empty. */
  price: number | string;
  productData: string;
  gameId: string | null;
  subcategoryId: string | null;
  images: FormImage[];
}

export const emptyProductForm: ProductFormValues = {
  title: "",
  description: "",
  price: "",
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
    productData: product.product_data ?? "",
    gameId: category.parent_id ?? category.id,
    subcategoryId: category.parent_id ? category.id : null,
    // The thumbnail: the picker shows small tiles, and the full image can be many megabytes.
    images: product.images.map((image) => ({ kind: "stored", id: image.id, url: image.thumbnail_url })),
  };
}

/** The text fields of a create request, trimmed as the contract stores them. Only called on validated values. */
export function createFieldsOf(values: ProductFormValues): CreateProductFields {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    product_data: values.productData.trim(),
    category_id: categoryIdOf(values) ?? "",
  };
}

export function newFilesOf(images: FormImage[]): File[] {
  return images.flatMap((image) => (image.kind === "new" ? [image.file] : []));
}

/** What an edit sends (SPEC §5 Update product): only the fields that changed, and only the images removed or added. */
export interface ProductChanges {
  fields: Partial<CreateProductFields>;
  deletedImageIds: string[];
  newImages: File[];
}

export function changesBetween(initial: ProductFormValues, current: ProductFormValues): ProductChanges {
  const before = createFieldsOf(initial);
  const after = createFieldsOf(current);
  const fields: Partial<CreateProductFields> = {};
  for (const name of Object.keys(after) as (keyof CreateProductFields)[]) {
    if (after[name] !== before[name]) Object.assign(fields, { [name]: after[name] });
  }
  const kept = new Set(current.images.flatMap((image) => (image.kind === "stored" ? [image.id] : [])));
  const deletedImageIds = initial.images.flatMap((image) =>
    image.kind === "stored" && !kept.has(image.id) ? [image.id] : [],
  );
  return { fields, deletedImageIds, newImages: newFilesOf(current.images) };
}

export function hasChanges({ fields, deletedImageIds, newImages }: ProductChanges): boolean {
  return Object.keys(fields).length > 0 || deletedImageIds.length > 0 || newImages.length > 0;
}

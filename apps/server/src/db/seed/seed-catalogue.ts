import { createHash, randomUUID } from "node:crypto";
import { roublesToKopecks } from "@lootlane/contract";
import { createDataCipher, type DataCipher } from "../../platform/crypto/data-cipher.js";
import { mediaUrl } from "../../platform/media/media-key.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import type { Db } from "../client.js";
import { createCategories } from "../../modules/categories/categories-editing.service.js";
import { createProducts } from "../../modules/products/products.service.js";
import type { NewCategory, NewProduct, NewProductImage, NewProductUnit } from "../schema/catalog.js";
import { slugify } from "../slug.js";
import { type DemoGame, demoGames, demoGuaranteeDays, type GoodsKind } from "./demo-games.js";
import { renderGameCover, renderProductImage, renderSubcategoryImage } from "./demo-images.js";
import { type DemoProduct, demoProducts } from "./demo-products.js";

/** Demo catalogue rows with ids, ready to insert; the images they name are already in the media store. */
export type PreparedCatalogue = {
  categories: NewCategory[];
  products: Omit<NewProduct, "sellerId">[];
  images: NewProductImage[];
  /** Each listing's one unit of stock: its goods, as a listing made the spec's way. */
  units: NewProductUnit[];
};

/** Stores a PNG and returns its `/media/...` URL. */
type StoreImage = (folder: string, png: Buffer) => Promise<string>;

const HOUR_MS = 3_600_000;
/** Age step between consecutive demo listings, so "newest first" has a visible order over about a week. */
const LISTING_SPACING_MS = 5 * HOUR_MS;

/**
 * Renders every picture, stores it, encrypts the goods and builds the rows — all the slow work, done before the
 * seed transaction opens. Media keys are content hashes, so a repeated run writes the same objects again.
 */
export async function prepareDemoCatalogue(media: MediaStore, dataKey: Buffer, now: Date): Promise<PreparedCatalogue> {
  const store: StoreImage = async (folder, png) => {
    const key = `seed/${folder}/${createHash("sha256").update(png).digest("hex").slice(0, 16)}.png`;
    await media.put(key, png, "image/png");
    return mediaUrl(key);
  };
  const cipher = createDataCipher(dataKey);
  // Ids are chosen here so products can name their category before any row exists.
  const categoryIds = new Map(
    demoGames.flatMap((game) =>
      [game.name, ...game.subcategories.map((subcategory) => `${game.name}/${subcategory.name}`)].map((path) => [
        path,
        randomUUID(),
      ]),
    ),
  );
  const [categoryRows, productParts] = await Promise.all([
    Promise.all(demoGames.flatMap((game) => prepareCategories(game, categoryIds, store, now))),
    Promise.all(
      newestFirst(demoProducts).map((product, index) =>
        prepareProduct(product, index, categoryIds, cipher, store, now),
      ),
    ),
  ]);
  return {
    categories: categoryRows,
    products: productParts.map((part) => part.product),
    images: productParts.flatMap((part) => part.images),
    units: productParts.map((part) => part.unit),
  };
}

/** Inserts a prepared catalogue inside the caller's transaction, every listing owned by the demo seller. */
export async function insertDemoCatalogue(tx: Db, catalogue: PreparedCatalogue, sellerId: string): Promise<void> {
  const games = catalogue.categories.filter((category) => !category.parentId);
  const subcategories = catalogue.categories.filter((category) => category.parentId);
  await createCategories(tx, games);
  await createCategories(tx, subcategories);
  await createProducts(
    tx,
    catalogue.products.map((product) => ({ ...product, sellerId })),
    catalogue.images,
    catalogue.units,
  );
}

function prepareCategories(
  game: DemoGame,
  ids: Map<string, string>,
  store: StoreImage,
  now: Date,
): Promise<NewCategory>[] {
  const gameId = ids.get(game.name)!;
  const createdAt = new Date(now.getTime() - 14 * 24 * HOUR_MS);
  const gameRow = async (): Promise<NewCategory> => ({
    id: gameId,
    name: game.name,
    nameRu: game.nameRu,
    slug: slugify(game.name),
    description: game.description,
    descriptionRu: game.descriptionRu,
    imageUrl: await store("categories", await renderGameCover(game)),
    createdAt,
  });
  const subcategoryRows = game.subcategories.map(async (subcategory): Promise<NewCategory> => ({
    id: ids.get(`${game.name}/${subcategory.name}`)!,
    name: subcategory.name,
    nameRu: subcategory.nameRu,
    slug: slugify(subcategory.name),
    description: subcategory.description,
    descriptionRu: subcategory.descriptionRu,
    imageUrl: await store("categories", await renderSubcategoryImage(game, subcategory.name, subcategory.kind)),
    guaranteeDays: demoGuaranteeDays[subcategory.kind] ?? null,
    parentId: gameId,
    createdAt,
  }));
  return [gameRow(), ...subcategoryRows];
}

/** One listing, `index` places from the newest, with its rendered pictures and thumbnails. */
async function prepareProduct(
  product: DemoProduct,
  index: number,
  categoryIds: Map<string, string>,
  cipher: DataCipher,
  store: StoreImage,
  now: Date,
): Promise<{ product: PreparedCatalogue["products"][number]; images: NewProductImage[]; unit: NewProductUnit }> {
  const { game, kind } = findPlacement(product);
  const id = randomUUID();
  const createdAt = new Date(now.getTime() - (index + 1) * LISTING_SPACING_MS);
  const images = await Promise.all(
    Array.from({ length: product.imageCount }, async (_, position): Promise<NewProductImage> => {
      const { image, thumbnail } = await renderProductImage(game, kind, product.title, position);
      const [imageUrl, thumbnailUrl] = await Promise.all([store("products", image), store("products", thumbnail)]);
      return { productId: id, imageUrl, thumbnailUrl, position, createdAt };
    }),
  );
  return {
    product: {
      id,
      categoryId: categoryIds.get(`${product.game}/${product.subcategory}`)!,
      gameId: categoryIds.get(product.game)!,
      title: product.title,
      description: product.description,
      priceKopecks: roublesToKopecks(product.priceRoubles),
      inStock: 1,
      status: "active",
      createdAt,
      listedAt: createdAt,
      updatedAt: createdAt,
    },
    images,
    unit: {
      productId: id,
      dataEncrypted: cipher.encrypt(product.data),
      dataHash: cipher.fingerprint(product.data),
      createdAt,
    },
  };
}

/** Games take turns in the listing order, so the newest page shows a mix rather than one game. */
function newestFirst(list: DemoProduct[]): DemoProduct[] {
  const byGame = new Map<string, DemoProduct[]>();
  for (const product of list) byGame.set(product.game, [...(byGame.get(product.game) ?? []), product]);
  const order: DemoProduct[] = [];
  for (let round = 0; order.length < list.length; round++) {
    for (const products of byGame.values()) if (products[round]) order.push(products[round]!);
  }
  return order;
}

function findPlacement(product: DemoProduct): { game: DemoGame; kind: GoodsKind } {
  const game = demoGames.find((candidate) => candidate.name === product.game);
  const subcategory = game?.subcategories.find((candidate) => candidate.name === product.subcategory);
  if (!game || !subcategory) throw new Error(`demo product "${product.title}" names an unknown category`);
  return { game, kind: subcategory.kind };
}

import { CURRENCY, formatPrice, kopecksToRoubles, productIdParamsSchema, type Locale } from "@lootlane/contract";
import type { Db } from "../../db/client.js";
import type { Category as CategoryRow } from "../../db/schema/catalog.js";
import { AppError } from "../../platform/errors/app-error.js";
import { findGameBySlug, findGameSubcategory } from "../categories/categories.service.js";
import { getProductWithSellerStats } from "../products/products.service.js";
import { getProfileWithStats, type OnlineUsers } from "../users/users.service.js";
import { snippet, type PageHead } from "./pages-heads.render.js";
import type { PageMatch } from "./pages.paths.js";
import { pageTexts, SITE_NAME } from "./pages.texts.js";

/*
 * What each page of the app says about itself before its script runs, read through the owners' services as a
 * guest would see the page (the head is cached and shared by every visitor): a product in moderation, rejected
 * or deleted is not found, a sold one is found and out of stock.
 */

export type HeadDeps = { db: Db; presence: OnlineUsers };

/** Who the page is written for: the visitor's language and the site's origin (canonical links are absolute). */
export type PageSite = { language: Locale; origin: string };

/** The HTTP status of a page and its head. */
export type PageAnswer = { status: 200 | 404; head: PageHead };

type HeadLoader = (deps: HeadDeps, params: PageMatch["params"], site: PageSite) => Promise<PageAnswer>;

/** The pages whose head is read from the database: cached, and what may be missing answers 404. */
const loaders: Partial<Record<PageMatch["path"], HeadLoader>> = {
  "/games/:gameSlug": gameHead,
  "/games/:gameSlug/:subcategorySlug": subcategoryHead,
  "/product/:productId": productHead,
  "/profile/:username": profileHead,
};

/** Whether the page's head depends on the data, so it is worth caching and may be a 404. */
export function readsData(match: PageMatch): boolean {
  return loaders[match.path] !== undefined;
}

/** The status and head of a path the app has (`match`) or has not (undefined). */
export async function loadPageAnswer(
  deps: HeadDeps,
  match: PageMatch | undefined,
  site: PageSite,
): Promise<PageAnswer> {
  if (match === undefined) return notFound(site);
  const loader = loaders[match.path];
  if (loader === undefined) return { status: 200, head: plainHead(match, site) };
  try {
    return await loader(deps, match.params, site);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return notFound(site);
    throw error;
  }
}

/**
 * The head of a page the server knows nothing more of than the app's description: the home page, sign-in, the
 * private pages. Only pages without parameters are indexed, so the pattern is their address.
 */
export function plainHead(match: Pick<PageMatch, "path" | "indexed">, site: PageSite): PageHead {
  const texts = pageTexts[site.language];
  return {
    language: site.language,
    title: match.path === "/" ? texts.homeTitle : SITE_NAME,
    description: texts.siteDescription,
    indexed: match.indexed,
    canonicalUrl: match.indexed ? new URL(match.path, site.origin).href : undefined,
  };
}

function notFound(site: PageSite): PageAnswer {
  const texts = pageTexts[site.language];
  return {
    status: 404,
    head: { language: site.language, title: texts.notFoundTitle, description: texts.siteDescription, indexed: false },
  };
}

async function gameHead(deps: HeadDeps, params: PageMatch["params"], site: PageSite): Promise<PageAnswer> {
  const game = await findGameBySlug(deps.db, params.gameSlug!);
  const name = categoryName(game, site.language);
  const texts = pageTexts[site.language];
  return categoryAnswer(game, site, {
    title: texts.gameTitle(name),
    description: categoryDescription(game, site.language) || texts.gameDescription(name),
    path: `/games/${encodeURIComponent(game.slug)}`,
  });
}

async function subcategoryHead(deps: HeadDeps, params: PageMatch["params"], site: PageSite): Promise<PageAnswer> {
  const [game, subcategory] = await Promise.all([
    findGameBySlug(deps.db, params.gameSlug!),
    findGameSubcategory(deps.db, params.gameSlug!, params.subcategorySlug!),
  ]);
  const [gameName, name] = [categoryName(game, site.language), categoryName(subcategory, site.language)];
  const texts = pageTexts[site.language];
  return categoryAnswer({ ...subcategory, imageUrl: subcategory.imageUrl ?? game.imageUrl }, site, {
    title: texts.subcategoryTitle(name, gameName),
    description: categoryDescription(subcategory, site.language) || texts.subcategoryDescription(name, gameName),
    path: `/games/${encodeURIComponent(game.slug)}/${encodeURIComponent(subcategory.slug)}`,
  });
}

function categoryAnswer(
  category: Pick<CategoryRow, "imageUrl">,
  site: PageSite,
  { title, description, path }: { title: string; description: string; path: string },
): PageAnswer {
  return {
    status: 200,
    head: {
      language: site.language,
      title,
      description: snippet(description),
      indexed: true,
      canonicalUrl: new URL(path, site.origin).href,
      imageUrl: absoluteImage(category.imageUrl, site),
    },
  };
}

async function productHead(deps: HeadDeps, params: PageMatch["params"], site: PageSite): Promise<PageAnswer> {
  const parsed = productIdParamsSchema.safeParse({ id: params.productId });
  if (!parsed.success) return notFound(site);
  const { view, sellerStats } = await getProductWithSellerStats(deps.db, deps.presence, parsed.data.id, undefined);
  const { product, seller, category, images } = view;
  const url = new URL(`/product/${product.id}`, site.origin).href;
  const roubles = kopecksToRoubles(product.priceKopecks);
  const price = Number.isInteger(roubles) ? String(roubles) : roubles.toFixed(2);
  const inStock = product.status === "active" && product.inStock > 0;
  const imageUrls = images.flatMap((image) => absoluteImage(image.imageUrl, site) ?? []);
  const categoryLabel = categoryName(category, site.language);
  const sellerUrl = new URL(`/profile/${encodeURIComponent(seller.username)}`, site.origin).href;
  return {
    status: 200,
    head: {
      language: site.language,
      title: `${product.title} — ${formatPrice(roubles)} — ${SITE_NAME}`,
      description: snippet(`${formatPrice(roubles)} · ${categoryLabel}. ${product.description}`),
      indexed: true,
      canonicalUrl: url,
      type: "product",
      imageUrl: imageUrls[0],
      properties: [
        ["product:price:amount", price],
        ["product:price:currency", CURRENCY.code],
      ],
      structuredData: {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        description: product.description,
        sku: product.id,
        url,
        category: categoryLabel,
        ...(imageUrls.length > 0 ? { image: imageUrls } : {}),
        offers: {
          "@type": "Offer",
          url,
          price,
          priceCurrency: CURRENCY.code,
          availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          // The rating is the seller's, from their deals' reviews, so it describes the seller, not the product.
          seller: {
            "@type": "Organization",
            name: seller.username,
            url: sellerUrl,
            ...(sellerStats.reviewsCount > 0
              ? {
                  aggregateRating: {
                    "@type": "AggregateRating",
                    ratingValue: Number(sellerStats.rating.toFixed(2)),
                    reviewCount: sellerStats.reviewsCount,
                    bestRating: 5,
                    worstRating: 1,
                  },
                }
              : {}),
          },
        },
      },
    },
  };
}

async function profileHead(deps: HeadDeps, params: PageMatch["params"], site: PageSite): Promise<PageAnswer> {
  const { user, stats } = await getProfileWithStats(deps.db, deps.presence, params.username!, undefined);
  const texts = pageTexts[site.language];
  const record = texts.profileDescription(user.username, stats);
  return {
    status: 200,
    head: {
      language: site.language,
      title: texts.profileTitle(user.username),
      description: snippet(user.description ? `${record} ${user.description}` : record),
      indexed: true,
      canonicalUrl: new URL(`/profile/${encodeURIComponent(user.username)}`, site.origin).href,
      type: "profile",
      imageUrl: absoluteImage(user.avatarUrl, site),
      properties: [["profile:username", user.username]],
    },
  };
}

function categoryName(category: Pick<CategoryRow, "name" | "nameRu">, language: Locale): string {
  return language === "ru" && category.nameRu ? category.nameRu : category.name;
}

function categoryDescription(category: Pick<CategoryRow, "description" | "descriptionRu">, language: Locale): string {
  return (language === "ru" ? category.descriptionRu : category.description).trim();
}

/** A stored image address (`/media/…`, or absolute on S3) as an absolute one; none for an empty one. */
function absoluteImage(imageUrl: string | null, site: PageSite): string | undefined {
  return imageUrl ? new URL(imageUrl, site.origin).href : undefined;
}

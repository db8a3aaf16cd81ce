import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from "../common/constants.js";
import { GUARANTEE_DAYS_MAX, guaranteeDaysSchema } from "../deals/guarantee.schemas.js";

/**
 * SPEC.md §3 Category. A top-level category is a game, its children are kinds of goods (ARCHITECTURE.md §4).
 * `parent_id` is absent for a game. `image_url` is a path under the API host (`/media/...`). Beyond the spec
 * (issue 21): `name` and `description` are the English ones, `name_ru` and `description_ru` the Russian ones
 * (the English ones again where an admin gave none).
 */
export const categorySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    name_ru: z.string(),
    slug: z.string(),
    description: z.string(),
    description_ru: z.string(),
    image_url: z.string().nullable(),
    parent_id: z.uuid().optional(),
    /**
     * Issue 22: the category's own guarantee period in days (GUARANTEE_DAYS_MAX at most), null when it inherits:
     * a kind of goods without its own takes its game's, a game without one has none. See guarantee.schemas.ts.
     */
    guarantee_days: z.number().int().min(0).max(GUARANTEE_DAYS_MAX).nullable(),
    /** Issue 23: the admin's order among its siblings; lists go by position, then name. */
    position: z.number().int(),
    /**
     * Issue 23: hidden by an admin. Public reads never answer a hidden category, nor anything under a hidden game;
     * only admin reads (GET /admin/categories) show it, with this flag.
     */
    hidden: z.boolean(),
  })
  .meta({ id: "Category" });

export const categoryListSchema = z.array(categorySchema).meta({ id: "CategoryList" });

/** GET /categories/game/{gameId}, GET /categories/subcategories/{id}. */
export const categoryIdParamsSchema = z.object({ id: z.uuid() });
export const gameIdParamsSchema = z.object({ gameId: z.uuid() });

/** The multipart field POST /admin/category reads the image from. */
export const CATEGORY_IMAGE_FIELD = "uploaded_image";

/**
 * POST /admin/category, multipart/form-data: the text fields are checked with this schema, the image (one
 * .jpg, .jpeg or .png in `uploaded_image`, required) by the image pipeline. Without `parent_category_id` the
 * category is a game.
 */
const categoryNameSchema = plainText()
  .trim()
  .min(1, "Enter a name")
  .max(CATEGORY_NAME_MAX, `At most ${CATEGORY_NAME_MAX} characters`);
const categoryDescriptionSchema = plainText()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, `At most ${CATEGORY_DESCRIPTION_MAX} characters`);
/** A Russian text may be left empty: the English one then stands in for it. */
const categoryNameRuSchema = plainText().trim().max(CATEGORY_NAME_MAX, `At most ${CATEGORY_NAME_MAX} characters`);

export const createCategoryFieldsSchema = z.object({
  name: categoryNameSchema,
  description: categoryDescriptionSchema.default(""),
  /** Beyond the spec: the Russian name and description; without them the English ones are used. */
  name_ru: categoryNameRuSchema.optional(),
  description_ru: categoryDescriptionSchema.optional(),
  parent_category_id: z.uuid().optional(),
});

/** The whole multipart body, for the API documentation. */
export const createCategoryRequestSchema = createCategoryFieldsSchema
  .extend({ [CATEGORY_IMAGE_FIELD]: z.file() })
  .meta({ id: "CreateCategoryRequest" });

/**
 * PATCH /v1/admin/category/{id}: a partial update; only the fields given change, with creation's limits. An empty
 * Russian name or description means "the English one". `guarantee_days` null: inherit the game's (none for a
 * game). The slug never changes, so shared links keep working after a rename. Unknown fields are refused, so a
 * client never believes something was stored that was not.
 */
export const updateCategoryRequestSchema = z
  .strictObject({
    name: categoryNameSchema.optional(),
    name_ru: categoryNameRuSchema.optional(),
    description: categoryDescriptionSchema.optional(),
    description_ru: categoryDescriptionSchema.optional(),
    hidden: z.boolean().optional(),
    guarantee_days: guaranteeDaysSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Give at least one field to change")
  .meta({ id: "UpdateCategoryRequest" });

/**
 * POST /v1/admin/categories/reorder: the new order of one parent's children (`parent_id` null: the games). `ids`
 * must name exactly those siblings, each once, else CATEGORY_ORDER_MISMATCH.
 */
export const reorderCategoriesRequestSchema = z
  .strictObject({ parent_id: z.uuid().nullable(), ids: z.array(z.uuid()).min(1).max(1000) })
  .meta({ id: "ReorderCategoriesRequest" });

/** PUT /v1/admin/category/{id}/image, multipart/form-data: the new picture in `uploaded_image`. */
export const replaceCategoryImageRequestSchema = z
  .object({ [CATEGORY_IMAGE_FIELD]: z.file() })
  .meta({ id: "ReplaceCategoryImageRequest" });

export type Category = z.infer<typeof categorySchema>;
export type UpdateCategoryRequest = z.infer<typeof updateCategoryRequestSchema>;
export type ReorderCategoriesRequest = z.infer<typeof reorderCategoriesRequestSchema>;
export type CreateCategoryFields = z.infer<typeof createCategoryFieldsSchema>;

/** A kind of goods on its game's page, with how many listings are on sale under it (capped like listing totals). */
export const gameSubcategorySchema = categorySchema
  .extend({ product_count: z.number().int().nonnegative() })
  .meta({ id: "GameSubcategory" });

/**
 * GET /games/{gameSlug} (beyond the spec, issue 21): what a game's page shows above its listing: the game, how many
 * listings are on sale in it, and its kinds of goods (the page's tabs) with theirs. Counts stop at the listing
 * count cap, where they mean "this many or more".
 */
export const gamePageSchema = z
  .object({
    game: categorySchema,
    product_count: z.number().int().nonnegative(),
    subcategories: z.array(gameSubcategorySchema),
  })
  .meta({ id: "GamePage" });

export const gameSlugParamsSchema = z.object({ gameSlug: plainText().min(1) });

export type GameSubcategory = z.infer<typeof gameSubcategorySchema>;
export type GamePage = z.infer<typeof gamePageSchema>;

import type { Category } from "@lootlane/contract";
import type { Category as CategoryRow } from "../../db/schema/catalog.js";

/** Fields copied by name; `parent_id` is left out for a game, as SPEC.md §3 says. */
export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    name_ru: row.nameRu,
    slug: row.slug,
    description: row.description,
    description_ru: row.descriptionRu,
    image_url: row.imageUrl,
    ...(row.parentId === null ? {} : { parent_id: row.parentId }),
    guarantee_days: row.guaranteeDays,
    position: row.position,
    hidden: row.hidden,
  };
}

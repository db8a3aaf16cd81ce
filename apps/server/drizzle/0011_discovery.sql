ALTER TABLE "categories" ADD COLUMN "name_ru" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Categories made before there were two languages: the Russian names of the demo catalogue's kinds of goods, the
-- English name for everything else (an admin renames it), and the English description.
UPDATE "categories" SET "name_ru" = CASE lower("name")
    WHEN 'accounts' THEN 'Аккаунты'
    WHEN 'items' THEN 'Предметы'
    WHEN 'boosting' THEN 'Бустинг'
    WHEN 'skins' THEN 'Скины'
    WHEN 'keys' THEN 'Ключи'
    WHEN 'gold' THEN 'Золото'
    WHEN 'game time' THEN 'Игровое время'
    WHEN 'genesis crystals' THEN 'Кристаллы Сотворения'
    ELSE "name" END,
  "description_ru" = "description";--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "name_ru" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "game_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_rating" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "products" SET "game_id" = coalesce("categories"."parent_id", "categories"."id")
  FROM "categories" WHERE "categories"."id" = "products"."category_id";--> statement-breakpoint
UPDATE "products" SET "seller_rating" = "users"."rating" FROM "users" WHERE "users"."id" = "products"."seller_id";--> statement-breakpoint
-- Every listing that has been on sale went on sale when it was approved; before this column that time was not
-- kept, and the time it was written is the closest there is.
UPDATE "products" SET "listed_at" = "created_at" WHERE "status" NOT IN ('moderation', 'rejected');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "game_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_game_id_categories_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_on_sale_listed_idx" ON "products" USING btree ("listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price_kopecks","id") WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_rating_idx" ON "products" USING btree ("seller_rating" DESC NULLS FIRST,"listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_game_on_sale_listed_idx" ON "products" USING btree ("game_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_game_on_sale_price_idx" ON "products" USING btree ("game_id","price_kopecks","id") WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_game_on_sale_rating_idx" ON "products" USING btree ("game_id","seller_rating" DESC NULLS FIRST,"listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_on_sale_listed_idx" ON "products" USING btree ("category_id","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_on_sale_price_idx" ON "products" USING btree ("category_id","price_kopecks","id") WHERE "products"."status" = 'active' and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_on_sale_rating_idx" ON "products" USING btree ("category_id","seller_rating" DESC NULLS FIRST,"listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and "products"."deleted_at" is null;
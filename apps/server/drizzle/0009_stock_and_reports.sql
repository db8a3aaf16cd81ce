CREATE TABLE "product_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"data_encrypted" text NOT NULL,
	"data_hash" text,
	"state" text DEFAULT 'available' NOT NULL,
	"deal_id" uuid,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "product_units_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sold_at" timestamp with time zone,
	CONSTRAINT "product_units_state_check" CHECK ("product_units"."state" in ('available', 'sold', 'removed')),
	CONSTRAINT "product_units_sold_has_deal_check" CHECK (("product_units"."state" = 'sold') = ("product_units"."deal_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target" text NOT NULL,
	"product_id" uuid,
	"user_id" uuid,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution_note" text,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_target_check" CHECK ("reports"."target" in ('product', 'user')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('fraud', 'prohibited', 'wrong_category', 'offensive', 'spam', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "reports_target_matches_check" CHECK (("reports"."target" = 'product') = ("reports"."product_id" is not null) and ("reports"."target" = 'user') = ("reports"."user_id" is not null)),
	CONSTRAINT "reports_resolved_check" CHECK (("reports"."status" = 'open') = ("reports"."resolved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_status_check";--> statement-breakpoint
DROP INDEX "deals_one_open_per_product_key";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_data_encrypted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "product_title" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "unit_price_kopecks" bigint;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "delivery" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
-- Hand-written: a deal's messages are stored with the deal's own time, so a purchase card is its chat's deal created
-- at that moment, and a system message (a deal's later move) is about the latest deal made before it.
UPDATE "messages" SET "deal_id" = (
  SELECT "deals"."id" FROM "deals"
  WHERE "deals"."chat_id" = "messages"."chat_id" AND "deals"."created_at" <= "messages"."created_at"
  ORDER BY "deals"."created_at" DESC, "deals"."id" DESC LIMIT 1
) WHERE "messages"."message_type" IN ('purchase_info', 'system');--> statement-breakpoint
-- Hand-written: every deal so far bought one unit at its price; its title is the product's as it is now, the
-- closest snapshot there is.
UPDATE "deals" SET "product_title" = "products"."title", "unit_price_kopecks" = "deals"."price_kopecks"
  FROM "products" WHERE "products"."id" = "deals"."product_id";--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "product_title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "unit_price_kopecks" SET NOT NULL;--> statement-breakpoint
-- Hand-written: every listing so far is an `auto` listing of one unit, its product data (already encrypted, so
-- copied as it is; no hash, so duplicates are checked only among units added from now on). A listing that was
-- ever bought delivered that unit to its latest deal's buyer: the unit is sold, even after a refund (the buyer saw
-- it), and a listing that a refund had put back on sale is `refunded` instead, to be relisted with new units.
INSERT INTO "product_units" ("product_id", "data_encrypted", "state", "deal_id", "created_at", "sold_at")
  SELECT "p"."id", "p"."product_data_encrypted",
         CASE WHEN "d"."id" IS NULL THEN 'available' ELSE 'sold' END, "d"."id", "p"."created_at", "d"."created_at"
  FROM "products" "p"
  LEFT JOIN LATERAL (
    SELECT "id", "created_at" FROM "deals" WHERE "deals"."product_id" = "p"."id" ORDER BY "created_at" DESC LIMIT 1
  ) "d" ON true
  ORDER BY "p"."created_at";--> statement-breakpoint
UPDATE "products" SET
  "in_stock" = CASE WHEN EXISTS (SELECT 1 FROM "deals" WHERE "deals"."product_id" = "products"."id") THEN 0 ELSE 1 END,
  "status" = CASE WHEN "status" = 'active' AND EXISTS (SELECT 1 FROM "deals" WHERE "deals"."product_id" = "products"."id")
                  THEN 'refunded' ELSE "status" END,
  "product_data_encrypted" = NULL;--> statement-breakpoint
ALTER TABLE "product_units" ADD CONSTRAINT "product_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_units_product_hash_key" ON "product_units" USING btree ("product_id","data_hash") WHERE "product_units"."state" <> 'removed' and "product_units"."data_hash" is not null;--> statement-breakpoint
CREATE INDEX "product_units_available_idx" ON "product_units" USING btree ("product_id","seq") WHERE "product_units"."state" = 'available';--> statement-breakpoint
CREATE INDEX "product_units_product_seq_idx" ON "product_units" USING btree ("product_id","seq");--> statement-breakpoint
CREATE INDEX "product_units_deal_idx" ON "product_units" USING btree ("deal_id") WHERE "product_units"."deal_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_product_key" ON "reports" USING btree ("reporter_id","product_id") WHERE "reports"."status" = 'open' and "reports"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_user_key" ON "reports" USING btree ("reporter_id","user_id") WHERE "reports"."status" = 'open' and "reports"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "deals_product_created_idx" ON "deals" USING btree ("product_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_delivery_check" CHECK ("products"."delivery" in ('auto', 'manual'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_in_stock_check" CHECK ("products"."in_stock" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('moderation', 'active', 'paused', 'rejected', 'purchased', 'completed', 'refunded', 'withdrawn', 'suspended'));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_quantity_positive_check" CHECK ("deals"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_price_is_units_check" CHECK ("deals"."price_kopecks" = "deals"."unit_price_kopecks" * "deals"."quantity");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_delivery_check" CHECK ("deals"."delivery" in ('auto', 'manual'));
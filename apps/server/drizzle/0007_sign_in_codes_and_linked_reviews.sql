ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "not_counted_reason" text;--> statement-breakpoint
CREATE INDEX "sessions_ip_idx" ON "sessions" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "sessions_device_id_idx" ON "sessions" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('signup', 'password_reset', 'sign_in'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_not_counted_reason_check" CHECK ("reviews"."not_counted_reason" in ('small_deal', 'linked_accounts'));
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_deal_id_unique";--> statement-breakpoint
ALTER TABLE "email_codes" DROP CONSTRAINT "email_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "guarantee_days" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "guarantee_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "guarantee_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deals_due_guarantee_idx" ON "deals" USING btree ("guarantee_until") WHERE "deals"."guarantee_until" is not null and "deals"."guarantee_released_at" is null;--> statement-breakpoint
CREATE INDEX "disputes_deal_idx" ON "disputes" USING btree ("deal_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_deal_open_key" ON "disputes" USING btree ("deal_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('signup', 'password_reset', 'sign_in', 'email_change'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_guarantee_days_check" CHECK ("categories"."guarantee_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_held', 'user_guarantee', 'deal_escrow', 'platform_fees', 'external', 'provider_clearing'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (case "ledger_accounts"."kind"
        when 'user_available' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."deal_id" is null
        when 'user_held' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."deal_id" is null
        when 'user_guarantee' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."deal_id" is null
        when 'deal_escrow' then "ledger_accounts"."deal_id" is not null and "ledger_accounts"."user_id" is null
        else "ledger_accounts"."user_id" is null and "ledger_accounts"."deal_id" is null end);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('purchase', 'release', 'refund', 'commission', 'admin_adjustment', 'top_up', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'guarantee_release'));--> statement-breakpoint
-- Accounts are what gets "recovered" by their first owner after a sale: the demo kinds of that name get a
-- two-week guarantee, games and other kinds none (an admin sets the rest).
UPDATE "categories" SET "guarantee_days" = 14 WHERE "parent_id" IS NOT NULL AND "slug" = 'accounts';

CREATE TABLE "test_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotence_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payments_status_check" CHECK ("test_payments"."status" in ('pending', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"confirmation_url" text,
	"return_path" text DEFAULT '/wallet' NOT NULL,
	"idempotency_key" text,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "top_ups_status_check" CHECK ("top_ups"."status" in ('pending', 'succeeded', 'canceled')),
	CONSTRAINT "top_ups_provider_check" CHECK ("top_ups"."provider" in ('yookassa', 'test')),
	CONSTRAINT "top_ups_amount_positive_check" CHECK ("top_ups"."amount_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"fee_kopecks" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"destination_encrypted" text NOT NULL,
	"destination_masked" text NOT NULL,
	"bank_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_reference" text,
	"reason" text,
	"provider_payout_id" text,
	"decided_by" uuid,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'processing', 'paid', 'rejected', 'canceled')),
	CONSTRAINT "withdrawals_method_check" CHECK ("withdrawals"."method" in ('card', 'sbp', 'yoomoney')),
	CONSTRAINT "withdrawals_amount_positive_check" CHECK ("withdrawals"."amount_kopecks" > 0 and "withdrawals"."fee_kopecks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_balance_not_negative_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
-- Existing entries are numbered in the order they were posted, then the identity takes over after the last.
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "ledger_entries" AS "e" SET "seq" = "o"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "ledger_entries") AS "o" WHERE "e"."id" = "o"."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('ledger_entries_seq_seq', coalesce((SELECT max("seq") FROM "ledger_entries"), 0) + 1, false);--> statement-breakpoint
-- Each existing entry's balance after it: the running sum of its account's entries in posting order.
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after_kopecks" bigint;--> statement-breakpoint
UPDATE "ledger_entries" AS "e" SET "balance_after_kopecks" = "r"."running" FROM (SELECT "id", sum("amount_kopecks") OVER (PARTITION BY "account_id" ORDER BY "seq") AS "running" FROM "ledger_entries") AS "r" WHERE "e"."id" = "r"."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after_kopecks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "top_up_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_payments_idempotence_key" ON "test_payments" USING btree ("idempotence_key");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_provider_payment_key" ON "top_ups" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_user_idempotency_key" ON "top_ups" USING btree ("user_id","idempotency_key") WHERE "top_ups"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "top_ups_user_created_idx" ON "top_ups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "top_ups_pending_check_idx" ON "top_ups" USING btree ("next_check_at") WHERE "top_ups"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_provider_payout_key" ON "withdrawals" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_top_up_id_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."top_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_seq_idx" ON "ledger_entries" USING btree ("account_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_top_up_key" ON "ledger_transactions" USING btree ("top_up_id") WHERE "ledger_transactions"."top_up_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_withdrawal_kind_key" ON "ledger_transactions" USING btree ("withdrawal_id","kind") WHERE "ledger_transactions"."withdrawal_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_available', 'user_held', 'deal_escrow', 'platform_fees', 'external', 'provider_clearing'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (case "ledger_accounts"."kind"
        when 'user_available' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."deal_id" is null
        when 'user_held' then "ledger_accounts"."user_id" is not null and "ledger_accounts"."deal_id" is null
        when 'deal_escrow' then "ledger_accounts"."deal_id" is not null and "ledger_accounts"."user_id" is null
        else "ledger_accounts"."user_id" is null and "ledger_accounts"."deal_id" is null end);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_not_negative_check" CHECK ("ledger_accounts"."kind" in ('external', 'provider_clearing') or "ledger_accounts"."balance_kopecks" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('purchase', 'release', 'refund', 'commission', 'admin_adjustment', 'top_up', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned'));
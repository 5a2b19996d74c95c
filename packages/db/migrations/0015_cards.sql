CREATE TABLE "card_sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action_expires_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "card_sandbox_payments_amount_positive" CHECK ("card_sandbox_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_sandbox_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder_name" text,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"processor_token" text,
	"brand" text NOT NULL,
	"last4" char(4) NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"holder_name" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "processor_payment_id" text;--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "card_last4" char(4);--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "card_sandbox_payments" ADD CONSTRAINT "card_sandbox_payments_token_id_card_sandbox_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."card_sandbox_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_sandbox_payments_idempotency_idx" ON "card_sandbox_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_sandbox_tokens_created_idx" ON "card_sandbox_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "saved_cards_customer_idx" ON "saved_cards" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_token_idx" ON "saved_cards" USING btree ("processor_token") WHERE "saved_cards"."processor_token" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_processor_payment_idx" ON "top_ups" USING btree ("processor_payment_id") WHERE "top_ups"."processor_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "top_ups_pending_card_idx" ON "top_ups" USING btree ("created_at") WHERE "top_ups"."method" = 'card' and "top_ups"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_fee_not_negative" CHECK ("top_ups"."fee_amount" >= 0);
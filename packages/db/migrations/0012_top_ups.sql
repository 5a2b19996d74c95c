CREATE TABLE "top_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"received_amount" bigint,
	"discrepancy" text,
	"payment_reference" text NOT NULL,
	"created_by_user_id" text,
	"notify_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "top_ups_amount_positive" CHECK ("top_ups"."amount" > 0),
	CONSTRAINT "top_ups_received_positive" CHECK ("top_ups"."received_amount" is null or "top_ups"."received_amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_payment_reference_idx" ON "top_ups" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "top_ups_customer_created_idx" ON "top_ups" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_created_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at");
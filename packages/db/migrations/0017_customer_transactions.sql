CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "customer_transactions" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"transfer_id" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"order_source" text,
	"side" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference" text
);
--> statement-breakpoint
INSERT INTO "customer_transactions" ("entry_id", "customer_id", "currency", "created_at", "transfer_id", "type", "subtype", "order_source", "side", "amount", "balance_after", "reference")
SELECT e."id", a."customer_id", a."currency", e."created_at", t."id",
  split_part(t."code", ':', 1), nullif(split_part(t."code", ':', 2), ''), nullif(split_part(t."code", ':', 3), ''),
  e."side", t."amount", e."credits_posted" - e."debits_posted", t."reference"
FROM "ledger_entries" e
JOIN "ledger_transfers" t ON t."id" = e."transfer_id"
JOIN "ledger_accounts" a ON a."id" = e."account_id"
WHERE a."kind" = 'customer_float' AND t."kind" IN ('posted', 'post_pending');--> statement-breakpoint
CREATE INDEX "customer_transactions_time_idx" ON "customer_transactions" USING btree ("customer_id","created_at","entry_id");--> statement-breakpoint
CREATE INDEX "customer_transactions_currency_idx" ON "customer_transactions" USING btree ("customer_id","currency","created_at","entry_id");--> statement-breakpoint
CREATE INDEX "customer_transactions_type_idx" ON "customer_transactions" USING btree ("customer_id","type","created_at","entry_id");--> statement-breakpoint
CREATE INDEX "customer_transactions_subtype_idx" ON "customer_transactions" USING btree ("customer_id","subtype","created_at","entry_id");--> statement-breakpoint
CREATE INDEX "customer_transactions_side_idx" ON "customer_transactions" USING btree ("customer_id","side","created_at","entry_id");--> statement-breakpoint
CREATE INDEX "customer_transactions_search_idx" ON "customer_transactions" USING gin ((coalesce("reference", '') || ' ' || "transfer_id") gin_trgm_ops);
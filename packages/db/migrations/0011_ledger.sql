CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" char(3) NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"debits_must_not_exceed_credits" boolean DEFAULT false NOT NULL,
	"credits_must_not_exceed_debits" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_debits_within_credits" CHECK (not "ledger_accounts"."debits_must_not_exceed_credits" or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted"),
	CONSTRAINT "ledger_accounts_credits_within_debits" CHECK (not "ledger_accounts"."credits_must_not_exceed_debits" or "ledger_accounts"."credits_posted" + "ledger_accounts"."credits_pending" <= "ledger_accounts"."debits_posted"),
	CONSTRAINT "ledger_accounts_totals_not_negative" CHECK ("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0 and "ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."credits_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"transfer_id" text NOT NULL,
	"side" text NOT NULL,
	"debits_posted" bigint NOT NULL,
	"credits_posted" bigint NOT NULL,
	"debits_pending" bigint NOT NULL,
	"credits_pending" bigint NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"debit_account_id" text NOT NULL,
	"credit_account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"code" text NOT NULL,
	"pending_id" text,
	"timeout_at" timestamp with time zone,
	"batch_id" text NOT NULL,
	"reference" text,
	"user_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_kind_currency_idx" ON "ledger_accounts" USING btree (coalesce("customer_id", ''),"kind","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_account_version_idx" ON "ledger_entries" USING btree ("account_id","version");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolves_once_idx" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."pending_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_batch_idx" ON "ledger_transfers" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_open_holds_idx" ON "ledger_transfers" USING btree ("timeout_at") WHERE "ledger_transfers"."kind" = 'pending' and "ledger_transfers"."timeout_at" is not null;
CREATE TABLE "fx_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"sell_currency" char(3) NOT NULL,
	"buy_currency" char(3) NOT NULL,
	"sell_amount" bigint NOT NULL,
	"exchanged_amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"buy_amount" bigint NOT NULL,
	"rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"trade_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_quotes_amounts_positive" CHECK ("fx_quotes"."sell_amount" > 0 and "fx_quotes"."buy_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fx_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"quote_id" text NOT NULL,
	"status" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fx_trades" ADD CONSTRAINT "fx_trades_quote_id_fx_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."fx_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_quotes_trade_idx" ON "fx_quotes" USING btree ("trade_id") WHERE "fx_quotes"."trade_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_trades_quote_idx" ON "fx_trades" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "fx_trades_customer_created_idx" ON "fx_trades" USING btree ("customer_id","created_at");
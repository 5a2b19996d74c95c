ALTER TABLE "orders" ADD COLUMN "pay_currency" char(3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fx_rate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_item_exchanged" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_item_fee" bigint;
ALTER TABLE "orders" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "delivery_error";
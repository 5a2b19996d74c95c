CREATE TABLE "bulk_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"row_count" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"description" text,
	"created_by_user_id" text,
	"created_by_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_chunks" (
	"batch_id" text NOT NULL,
	"chunk_number" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"first_row" integer NOT NULL,
	"row_count" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bulk_chunks_batch_id_chunk_number_pk" PRIMARY KEY("batch_id","chunk_number")
);
--> statement-breakpoint
CREATE TABLE "bulk_rows" (
	"batch_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"chunk_number" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"product_code" text NOT NULL,
	"currency" char(3) NOT NULL,
	"face_value" bigint NOT NULL,
	"message" jsonb,
	"deliver_at" timestamp with time zone,
	"order_id" text,
	"item_id" text,
	CONSTRAINT "bulk_rows_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bulk_batch_id" text;--> statement-breakpoint
CREATE INDEX "bulk_batches_customer_idx" ON "bulk_batches" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_bulk_batch_idx" ON "orders" USING btree ("bulk_batch_id") WHERE "orders"."bulk_batch_id" is not null;
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"categories" text[] NOT NULL,
	"countries" text[] NOT NULL,
	"currency" char(3) NOT NULL,
	"denominations" jsonb NOT NULL,
	"min_value" bigint NOT NULL,
	"max_value" bigint NOT NULL,
	"fixed_values" bigint[],
	"value_step" bigint,
	"discount_percent" text NOT NULL,
	"description" text NOT NULL,
	"terms" text NOT NULL,
	"redemption_instructions" text NOT NULL,
	"expiry_policy" jsonb NOT NULL,
	"redeem_online" boolean NOT NULL,
	"redeem_in_store" boolean NOT NULL,
	"state" text NOT NULL,
	"logo_style" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"redemption_token" text NOT NULL,
	"hold_transfer_id" text NOT NULL,
	"product_code" text,
	"supplier_reference" text,
	"mail_id" bigint,
	"delivery_error" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"delivery_type" text NOT NULL,
	"product_codes" text[] NOT NULL,
	"product_names" text[] NOT NULL,
	"currency" char(3) NOT NULL,
	"face_value" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"total_face_value" bigint NOT NULL,
	"total_discount" bigint NOT NULL,
	"total_fees" bigint NOT NULL,
	"total" bigint NOT NULL,
	"item_total" bigint NOT NULL,
	"description" text,
	"message" jsonb,
	"source" text NOT NULL,
	"created_by_user_id" text,
	"created_by_email" text,
	"deliver_at" timestamp with time zone,
	"links_expire_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_codes" (
	"request_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"product_code" text NOT NULL,
	"currency" char(3) NOT NULL,
	"face_value" bigint NOT NULL,
	"code" text NOT NULL,
	"pin" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_codes_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"code");--> statement-breakpoint
CREATE INDEX "products_countries_idx" ON "products" USING gin ("countries");--> statement-breakpoint
CREATE INDEX "products_categories_idx" ON "products" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "products_currency_idx" ON "products" USING btree ("currency",lower("name"),"code");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_token_idx" ON "order_items" USING btree ("redemption_token");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_items_expiry_idx" ON "order_items" USING btree ("expires_at") WHERE "order_items"."status" in ('ISSUED', 'SENT') and "order_items"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_time_idx" ON "orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_total_idx" ON "orders" USING btree ("customer_id","total","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
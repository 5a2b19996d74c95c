CREATE TABLE "product_content" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"terms" text NOT NULL,
	"redemption_instructions" text NOT NULL,
	"expiry_policy" jsonb NOT NULL,
	"logo_style" jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (lower("name" || ' ' || "code") gin_trgm_ops);--> statement-breakpoint
INSERT INTO "product_content" ("code", "description", "terms", "redemption_instructions", "expiry_policy", "logo_style")
SELECT "code", "description", "terms", "redemption_instructions", "expiry_policy", "logo_style" FROM "products";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "terms";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "redemption_instructions";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "expiry_policy";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "logo_style";
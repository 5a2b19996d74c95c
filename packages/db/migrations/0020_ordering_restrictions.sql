ALTER TABLE "customers" ADD COLUMN "ordering_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "portal_ordering_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "link_expiry_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency_exponent" smallint DEFAULT 2 NOT NULL;
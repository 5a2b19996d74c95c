ALTER TABLE "users" ADD COLUMN "getting_started_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intro_watched_at" timestamp with time zone;
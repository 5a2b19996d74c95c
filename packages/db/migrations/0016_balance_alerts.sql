CREATE TABLE "balance_alert_settings" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"recipients" jsonb NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_alert_thresholds" (
	"customer_id" text NOT NULL,
	"currency" char(3) NOT NULL,
	"threshold" bigint NOT NULL,
	"alerting" boolean DEFAULT false NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "balance_alert_thresholds_customer_id_currency_pk" PRIMARY KEY("customer_id","currency"),
	CONSTRAINT "balance_alert_thresholds_positive" CHECK ("balance_alert_thresholds"."threshold" > 0)
);

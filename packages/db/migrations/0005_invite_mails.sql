CREATE TABLE "invite_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" text NOT NULL,
	"invite_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invite_mails" ADD CONSTRAINT "invite_mails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_mails" ADD CONSTRAINT "invite_mails_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invite_mails_customer_sent_idx" ON "invite_mails" USING btree ("customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "invite_mails_invite_idx" ON "invite_mails" USING btree ("invite_id");--> statement-breakpoint
-- Invites sent before mails were counted: their first mail, and the last resend where there was one.
INSERT INTO "invite_mails" ("customer_id", "invite_id", "sent_at")
SELECT "customer_id", "id", "created_at" FROM "invites"
UNION ALL
SELECT "customer_id", "id", "last_sent_at" FROM "invites" WHERE "last_sent_at" > "created_at";

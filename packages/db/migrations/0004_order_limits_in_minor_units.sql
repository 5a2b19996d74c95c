CREATE TABLE "customer_order_limits" (
	"customer_id" text NOT NULL,
	"currency" text NOT NULL,
	"max_order_minor" bigint NOT NULL,
	CONSTRAINT "customer_order_limits_customer_id_currency_pk" PRIMARY KEY("customer_id","currency"),
	CONSTRAINT "customer_order_limits_positive" CHECK ("customer_order_limits"."max_order_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_order_limits" ADD CONSTRAINT "customer_order_limits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The limits so far (decimal strings in customers.order_limits) move here exactly, in minor units, with
-- the ISO 4217 exponents of packages/domain's currency table. One that cannot move exactly (a currency
-- the table doesn't know, or more decimals than its currency has) makes max_order_minor null, so the
-- migration stops on the not-null constraint rather than guess an exponent or round a limit.
INSERT INTO "customer_order_limits" ("customer_id", "currency", "max_order_minor")
SELECT "limits"."customer_id", "limits"."currency",
  CASE WHEN "limits"."scaled" = trunc("limits"."scaled") THEN "limits"."scaled"::bigint END
FROM (
  SELECT c."id" AS "customer_id", l."currency",
    l."maxOrderValue"::numeric * power(10::numeric, e."exponent") AS "scaled"
  FROM "customers" c
  CROSS JOIN LATERAL jsonb_to_recordset(
    CASE WHEN jsonb_typeof(c."order_limits") = 'array' THEN c."order_limits" ELSE '[]'::jsonb END
  ) AS l("currency" text, "maxOrderValue" text)
  LEFT JOIN (VALUES
  ('AED', 2), ('ARS', 2), ('AUD', 2), ('BGN', 2), ('BHD', 3), ('BRL', 2), ('CAD', 2), ('CHF', 2),
  ('CLP', 0), ('CNY', 2), ('COP', 2), ('CUP', 2), ('CZK', 2), ('DKK', 2), ('EGP', 2), ('EUR', 2),
  ('GBP', 2), ('HKD', 2), ('HUF', 2), ('IDR', 2), ('ILS', 2), ('INR', 2), ('IQD', 3), ('IRR', 2),
  ('ISK', 0), ('JOD', 3), ('JPY', 0), ('KES', 2), ('KPW', 2), ('KRW', 0), ('KWD', 3), ('LYD', 3),
  ('MXN', 2), ('MYR', 2), ('NGN', 2), ('NOK', 2), ('NZD', 2), ('OMR', 3), ('PEN', 2), ('PHP', 2),
  ('PLN', 2), ('PYG', 0), ('QAR', 2), ('RON', 2), ('RUB', 2), ('SAR', 2), ('SEK', 2), ('SGD', 2),
  ('SYP', 2), ('THB', 2), ('TND', 3), ('TRY', 2), ('TWD', 2), ('UAH', 2), ('UGX', 0), ('USD', 2),
  ('VND', 0), ('XAF', 0), ('XOF', 0), ('ZAR', 2)
  ) AS e("code", "exponent") ON e."code" = l."currency"
) AS "limits";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "order_limits";
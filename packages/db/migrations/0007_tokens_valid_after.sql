ALTER TABLE "users" ADD COLUMN "tokens_valid_after" timestamp (3) with time zone;--> statement-breakpoint
-- A block ends the user's access tokens however it is made (users are blocked in the database),
-- so an unblock does not bring back the tokens issued before it.
CREATE FUNCTION "users_block_ends_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."tokens_valid_after" := now();
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_block_ends_tokens" BEFORE UPDATE OF "blocked" ON "users"
	FOR EACH ROW WHEN (NEW."blocked" AND NOT OLD."blocked")
	EXECUTE FUNCTION "users_block_ends_tokens"();

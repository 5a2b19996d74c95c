CREATE INDEX "products_category_food_and_drink_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['food_and_drink']::text[];--> statement-breakpoint
CREATE INDEX "products_category_fashion_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['fashion']::text[];--> statement-breakpoint
CREATE INDEX "products_category_electronics_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['electronics']::text[];--> statement-breakpoint
CREATE INDEX "products_category_travel_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['travel']::text[];--> statement-breakpoint
CREATE INDEX "products_category_entertainment_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['entertainment']::text[];--> statement-breakpoint
CREATE INDEX "products_category_home_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['home']::text[];--> statement-breakpoint
CREATE INDEX "products_category_health_and_beauty_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['health_and_beauty']::text[];--> statement-breakpoint
CREATE INDEX "products_category_groceries_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['groceries']::text[];--> statement-breakpoint
CREATE INDEX "products_category_gaming_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['gaming']::text[];--> statement-breakpoint
CREATE INDEX "products_category_sports_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['sports']::text[];--> statement-breakpoint
CREATE INDEX "products_category_books_and_music_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['books_and_music']::text[];--> statement-breakpoint
CREATE INDEX "products_category_charity_idx" ON "products" USING btree (lower("name"),"code") WHERE "products"."categories" @> array['charity']::text[];
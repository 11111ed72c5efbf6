CREATE INDEX "products_public_price_idx" ON "products" USING btree ("price","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_price_idx" ON "products" USING btree ("category_id","price","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_price_idx" ON "products" USING btree ("merchant_id","price","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_rating_idx" ON "products" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_rating_idx" ON "products" USING btree ("category_id","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_rating_idx" ON "products" USING btree ("merchant_id","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_name_idx" ON "products" USING btree ("category_id",(tiangue_unaccent(lower("name")) collate "C"),"id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_name_idx" ON "products" USING btree ("merchant_id",(tiangue_unaccent(lower("name")) collate "C"),"id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_unavailable_idx" ON "products" USING btree ("category_id") WHERE is_public and not in_stock;
DROP INDEX "products_merchant_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_popular_idx";--> statement-breakpoint
CREATE INDEX "products_merchant_idx" ON "products" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("review_count" DESC NULLS LAST,"rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
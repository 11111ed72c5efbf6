-- Issue 36 at 1M products (docs/decisions/0037): every public list's order index ends in price
-- and in_stock, so a price range and 'Solo disponibles' are checked inside the index; and a
-- department's list reads products.department, the merchant's department kept by triggers like
-- is_public (migration 0004), instead of joining every product to merchants.
ALTER TABLE "products" ADD COLUMN "department" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tiangue_product_is_public() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  m record;
BEGIN
  SELECT approved, is_active, department INTO m FROM merchants WHERE id = NEW.merchant_id FOR SHARE;
  NEW.is_public := NEW.is_active AND coalesce(m.approved AND m.is_active, false);
  NEW.department := m.department;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION tiangue_merchant_products_department() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE products SET department = NEW.department WHERE merchant_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER merchants_products_department AFTER UPDATE OF department ON merchants
  FOR EACH ROW
  WHEN (OLD.department IS DISTINCT FROM NEW.department)
  EXECUTE FUNCTION tiangue_merchant_products_department();
--> statement-breakpoint
-- The backfill changes no name: the search words' trigger would only re-read every row.
ALTER TABLE products DISABLE TRIGGER products_search_words_update;
--> statement-breakpoint
UPDATE products p SET department = m.department FROM merchants m WHERE m.id = p.merchant_id;
--> statement-breakpoint
ALTER TABLE products ENABLE TRIGGER products_search_words_update;
--> statement-breakpoint
DROP INDEX "products_public_category_idx";--> statement-breakpoint
DROP INDEX "products_public_price_idx";--> statement-breakpoint
DROP INDEX "products_public_category_price_idx";--> statement-breakpoint
DROP INDEX "products_public_merchant_price_idx";--> statement-breakpoint
DROP INDEX "products_public_rating_idx";--> statement-breakpoint
DROP INDEX "products_public_category_rating_idx";--> statement-breakpoint
DROP INDEX "products_public_merchant_rating_idx";--> statement-breakpoint
DROP INDEX "products_public_category_name_idx";--> statement-breakpoint
DROP INDEX "products_public_merchant_name_idx";--> statement-breakpoint
DROP INDEX "products_public_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "products_public_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_created_idx" ON "products" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_department_created_idx" ON "products" USING btree ("department","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_department_price_idx" ON "products" USING btree ("department","price","id","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_department_rating_idx" ON "products" USING btree ("department","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_department_name_idx" ON "products" USING btree ("department",(tiangue_unaccent(lower("name")) collate "C"),"id","price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_price_idx" ON "products" USING btree ("price","id","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_price_idx" ON "products" USING btree ("category_id","price","id","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_price_idx" ON "products" USING btree ("merchant_id","price","id","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_rating_idx" ON "products" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_rating_idx" ON "products" USING btree ("category_id","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_rating_idx" ON "products" USING btree ("merchant_id","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST,"price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_category_name_idx" ON "products" USING btree ("category_id",(tiangue_unaccent(lower("name")) collate "C"),"id","price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_merchant_name_idx" ON "products" USING btree ("merchant_id",(tiangue_unaccent(lower("name")) collate "C"),"id","price","in_stock") WHERE is_public;--> statement-breakpoint
CREATE INDEX "products_public_name_prefix_idx" ON "products" USING btree ((tiangue_unaccent(lower("name")) collate "C"),"id","price","in_stock") WHERE is_public;
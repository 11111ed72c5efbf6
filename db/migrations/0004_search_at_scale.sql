-- Search at catalogue scale: visibility stored on products, a vocabulary of name words for
-- typo correction (replacing the trigram indexes on every name), and GIN indexes without a
-- pending list. The column and the backfill come first, so the indexes are built once, clean.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "merchants_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "merchants_search_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
-- Existing rows get true without a rewrite; only the few hidden ones are updated.
ALTER TABLE "products" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE products p SET is_public = false
  WHERE NOT p.is_active
    OR NOT EXISTS (SELECT FROM merchants m WHERE m.id = p.merchant_id AND m.approved AND m.is_active);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "is_public" SET DEFAULT false;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "merchants_search_idx" ON "merchants" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
-- products.is_public is publicProduct (server/modules/catalog/visibility.ts) stored: the product
-- is active and its merchant approved and active. Search filters on it instead of joining
-- every match to merchants. These triggers keep it true for every writer; FOR SHARE waits for
-- a concurrent change of the merchant, whose own trigger then sees the new product.
CREATE FUNCTION tiangue_product_is_public() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.is_public := NEW.is_active AND coalesce(
    (SELECT m.approved AND m.is_active FROM merchants m WHERE m.id = NEW.merchant_id FOR SHARE),
    false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_is_public BEFORE INSERT OR UPDATE OF is_active, merchant_id ON products
  FOR EACH ROW EXECUTE FUNCTION tiangue_product_is_public();--> statement-breakpoint
CREATE FUNCTION tiangue_merchant_products_public() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE products SET is_public = is_active AND NEW.approved AND NEW.is_active
    WHERE merchant_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER merchants_products_public AFTER UPDATE OF approved, is_active ON merchants
  FOR EACH ROW
  WHEN ((OLD.approved AND OLD.is_active) IS DISTINCT FROM (NEW.approved AND NEW.is_active))
  EXECUTE FUNCTION tiangue_merchant_products_public();--> statement-breakpoint
-- search_words collects the folded words of names (3+ characters with a letter) that typo
-- correction compares with; a word whose last name is gone stays, and only ever finds nothing.
CREATE FUNCTION tiangue_name_words(name text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', tiangue_unaccent(lower(name))))) AS w
  WHERE length(w) >= 3 AND w ~ '^[[:alnum:]]+$' AND w ~ '[[:alpha:]]'
$$;--> statement-breakpoint
CREATE FUNCTION tiangue_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows n, tiangue_name_words(n.name) AS w
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w
      FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.name IS DISTINCT FROM n.name,
        tiangue_name_words(n.name) AS w
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tiangue_collect_search_words();--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tiangue_collect_search_words();--> statement-breakpoint
CREATE TRIGGER merchants_search_words_insert AFTER INSERT ON merchants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tiangue_collect_search_words();--> statement-breakpoint
CREATE TRIGGER merchants_search_words_update AFTER UPDATE ON merchants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tiangue_collect_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT w FROM products, tiangue_name_words(name) AS w
  UNION
  SELECT w FROM merchants, tiangue_name_words(name) AS w
  ON CONFLICT DO NOTHING;

-- Issue 36: the merchant's district, fees by place and minimum order; the order's district.
ALTER TABLE "merchants" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delivery_fees" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "minimum_order" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_district" text;--> statement-breakpoint
ALTER TABLE "merchants" DROP CONSTRAINT "merchants_fees_not_negative";--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_fees_not_negative" CHECK (coalesce("merchants"."delivery_fee", 0) >= 0 and coalesce("merchants"."free_delivery_from", 0) >= 0 and coalesce("merchants"."minimum_order", 0) >= 0);--> statement-breakpoint
-- served_places and search now read the district: a generated column's expression cannot be
-- altered before PostgreSQL 17, so both are made again, and dropping them dropped their indexes.
ALTER TABLE "merchants" drop column "served_places";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "served_places" text[] GENERATED ALWAYS AS (case when municipality is null then '{}'::text[] else array['en:' || municipality] end || case when municipality is null or district is null then '{}'::text[] else array['en:' || municipality || '/' || district] end || case when fulfillment in ('delivery', 'both') then case delivery_area when 'country' then array['*'] when 'department' then case when department is null then '{}'::text[] else array['departamento:' || department] end when 'municipalities' then delivery_municipalities else '{}'::text[] end else '{}'::text[] end) STORED;--> statement-breakpoint
CREATE INDEX "merchants_served_places_idx" ON "merchants" USING gin ("served_places");--> statement-breakpoint
ALTER TABLE "merchants" drop column "search";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(address, '') || ' ' || coalesce(district, '') || ' ' || coalesce(municipality, '') || ' ' || coalesce(department, ''))), 'B') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(description, ''))), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "merchants_search_idx" ON "merchants" USING gin ("search") WITH (fastupdate=false);

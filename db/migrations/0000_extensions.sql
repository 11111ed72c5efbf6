-- Search needs trigram similarity and accent folding; both extensions are "trusted",
-- so a database owner without superuser rights can create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); this wrapper pins the
-- dictionary so the result may be used in indexes and generated columns.
CREATE OR REPLACE FUNCTION tiangue_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

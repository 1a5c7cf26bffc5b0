-- Accents and case folded the same way on both sides of a search (src/server/db/fold.ts): translate and the
-- ASCII lower are immutable, so the folded text can be indexed.
CREATE OR REPLACE FUNCTION atendo_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT pg_catalog.lower(pg_catalog.translate(value, 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏİíìîïıÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñŞşĞğ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiiiioooooooooouuuuuuuuccnnssgg')) $$;--> statement-breakpoint
DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_body_search_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at","id","status","queue_id","user_id","is_group");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin (atendo_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_body_search_idx" ON "messages" USING gin (to_tsvector('simple', atendo_fold("body")));
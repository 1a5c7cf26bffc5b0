CREATE TABLE "company_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_versions" ADD CONSTRAINT "company_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a company's version moves once per committing transaction that changed what its ticket
-- lists show. The triggers are deferred to commit, so the version row is locked only while committing
-- (never while the transaction still waits for ticket rows: no deadlock with the row locks of transitions),
-- and versions commit in the order they were taken.
CREATE FUNCTION "bump_company_version"(cid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cid IS NULL OR current_setting('atendo.version_bumped_' || cid, true) = '1' THEN
    RETURN;
  END IF;
  PERFORM set_config('atendo.version_bumped_' || cid, '1', true);
  -- A company deleted in this transaction takes its version with it.
  INSERT INTO "company_versions" ("company_id", "version")
  SELECT cid, 1 WHERE EXISTS (SELECT 1 FROM "companies" WHERE "id" = cid)
  ON CONFLICT ("company_id") DO UPDATE SET "version" = "company_versions"."version" + 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION "company_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_company_version"(CASE WHEN TG_OP = 'DELETE' THEN OLD."company_id" ELSE NEW."company_id" END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_tag_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A tag taken off with its deleted ticket finds no ticket: the ticket's own delete moved the version.
  PERFORM "bump_company_version"((SELECT "company_id" FROM "tickets"
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."ticket_id" ELSE NEW."ticket_id" END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_version" AFTER INSERT OR UPDATE OR DELETE ON "tickets"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_ratings_version" AFTER INSERT OR UPDATE OR DELETE ON "user_ratings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_tags_version" AFTER INSERT OR DELETE ON "ticket_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ticket_tag_changed"();
--> statement-breakpoint
-- What a ticket row shows of its contact, queue, user, connection and tags (tickets/queries.ts selectTickets).
CREATE CONSTRAINT TRIGGER "contacts_version" AFTER UPDATE OF "name", "number", "url_picture", "is_group", "channel" ON "contacts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "queues_version" AFTER UPDATE OF "name", "color" ON "queues"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_version" AFTER UPDATE OF "name" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "whatsapps_version" AFTER UPDATE OF "name", "channel", "group_as_ticket" ON "whatsapps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_version" AFTER UPDATE OF "name", "color" ON "tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_row_changed"();

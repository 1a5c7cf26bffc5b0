CREATE TABLE "sync_renames" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_renames" ADD CONSTRAINT "sync_renames_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: what a ticket row shows of its queue, user, tags and connection changed; the feed's
-- clients reload (modules/sync). Rare writes, one row per company.
CREATE FUNCTION "sync_names_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sync_renames" ("company_id", "xid") VALUES (NEW."company_id", pg_current_xact_id())
    ON CONFLICT ("company_id") DO UPDATE SET "xid" = pg_current_xact_id();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "queues_sync_names" AFTER UPDATE OF "name", "color" ON "queues" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."color" IS DISTINCT FROM NEW."color")
  EXECUTE FUNCTION "sync_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "tags_sync_names" AFTER UPDATE OF "name", "color" ON "tags" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."color" IS DISTINCT FROM NEW."color")
  EXECUTE FUNCTION "sync_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_sync_names" AFTER UPDATE OF "name" ON "users" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "sync_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "whatsapps_sync_names" AFTER UPDATE OF "name" ON "whatsapps" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "sync_names_changed"();

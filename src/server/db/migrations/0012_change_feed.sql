CREATE SEQUENCE "public"."sync_revision" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sync_removals" (
	"revision" bigint PRIMARY KEY DEFAULT nextval('sync_revision') NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"company_id" integer NOT NULL,
	"entity" varchar(10) NOT NULL,
	"entity_id" integer NOT NULL,
	"ticket_id" integer,
	"deleted" boolean NOT NULL,
	"status" varchar(10),
	"user_id" integer,
	"queue_id" integer,
	"is_group" boolean
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sync_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sync_revision" bigint DEFAULT nextval('sync_revision') NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sync_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sync_revision" bigint DEFAULT nextval('sync_revision') NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sync_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sync_revision" bigint DEFAULT nextval('sync_revision') NOT NULL;--> statement-breakpoint
CREATE INDEX "sync_removals_company_idx" ON "sync_removals" USING btree ("company_id","xid","revision");--> statement-breakpoint
CREATE INDEX "contacts_sync_idx" ON "contacts" USING btree ("company_id","sync_xid","sync_revision");--> statement-breakpoint
CREATE INDEX "messages_sync_idx" ON "messages" USING btree ("company_id","sync_xid","sync_revision");--> statement-breakpoint
CREATE INDEX "tickets_sync_idx" ON "tickets" USING btree ("company_id","sync_xid","sync_revision");--> statement-breakpoint
-- Hand-written: the change feed's triggers (modules/sync). Inserts are stamped by the column defaults;
-- every update moves its row to the head of the feed, in the same statement (no extra round trip).
CREATE FUNCTION sync_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sync_xid := pg_current_xact_id();
  NEW.sync_revision := nextval('sync_revision');
  RETURN NEW;
END $$;--> statement-breakpoint
-- A ticket whose visibility fields change leaves a removal with the fields as they were, before its new
-- revision: whoever could see it and no longer can is told it is gone.
CREATE FUNCTION sync_stamp_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status, OLD.user_id, OLD.queue_id, OLD.is_group)
     IS DISTINCT FROM (NEW.status, NEW.user_id, NEW.queue_id, NEW.is_group) THEN
    INSERT INTO sync_removals (company_id, entity, entity_id, deleted, status, user_id, queue_id, is_group)
    VALUES (OLD.company_id, 'ticket', OLD.id, false, OLD.status, OLD.user_id, OLD.queue_id, OLD.is_group);
  END IF;
  NEW.sync_xid := pg_current_xact_id();
  NEW.sync_revision := nextval('sync_revision');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_sync_stamp BEFORE UPDATE ON tickets FOR EACH ROW EXECUTE FUNCTION sync_stamp_ticket();--> statement-breakpoint
CREATE TRIGGER messages_sync_stamp BEFORE UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION sync_stamp();--> statement-breakpoint
CREATE TRIGGER contacts_sync_stamp BEFORE UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION sync_stamp();--> statement-breakpoint
-- Deletions leave tombstones, one statement per deleting statement.
CREATE FUNCTION sync_removed_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_removals (company_id, entity, entity_id, deleted, status, user_id, queue_id, is_group)
  SELECT company_id, 'ticket', id, true, status, user_id, queue_id, is_group FROM gone;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted ticket takes its messages with it (cascade, after the ticket row is gone): its own
-- tombstone says so, so only messages deleted on their own leave one.
CREATE FUNCTION sync_removed_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_removals (company_id, entity, entity_id, ticket_id, deleted)
  SELECT g.company_id, 'message', g.id, g.ticket_id, true FROM gone g
  WHERE EXISTS (SELECT 1 FROM tickets t WHERE t.id = g.ticket_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION sync_removed_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_removals (company_id, entity, entity_id, deleted)
  SELECT company_id, 'contact', id, true FROM gone;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_sync_removed AFTER DELETE ON tickets REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION sync_removed_tickets();--> statement-breakpoint
CREATE TRIGGER messages_sync_removed AFTER DELETE ON messages REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION sync_removed_messages();--> statement-breakpoint
CREATE TRIGGER contacts_sync_removed AFTER DELETE ON contacts REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION sync_removed_contacts();--> statement-breakpoint
-- Tags and ratings are part of a ticket (and tags of a contact) as the lists show them: linking or
-- unlinking one is a change of that ticket or contact (the stamp triggers above give the revision).
CREATE FUNCTION sync_touch_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets SET sync_revision = 0 WHERE id IN (SELECT ticket_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION sync_touch_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET sync_revision = 0 WHERE id IN (SELECT contact_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ticket_tags_sync_added AFTER INSERT ON ticket_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_tickets();--> statement-breakpoint
CREATE TRIGGER ticket_tags_sync_removed AFTER DELETE ON ticket_tags REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_tickets();--> statement-breakpoint
CREATE TRIGGER user_ratings_sync_added AFTER INSERT ON user_ratings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_tickets();--> statement-breakpoint
CREATE TRIGGER contact_tags_sync_added AFTER INSERT ON contact_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_contacts();--> statement-breakpoint
CREATE TRIGGER contact_tags_sync_removed AFTER DELETE ON contact_tags REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_contacts();

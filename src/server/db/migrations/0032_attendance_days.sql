CREATE TABLE "attendance_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"queue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_group" boolean NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"queued_open" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"happening" integer DEFAULT 0 NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"wait_seconds" numeric DEFAULT '0' NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"closed_rated" integer DEFAULT 0 NOT NULL,
	"support_count" integer DEFAULT 0 NOT NULL,
	"support_seconds" numeric DEFAULT '0' NOT NULL,
	"closed_wait_count" integer DEFAULT 0 NOT NULL,
	"closed_wait_seconds" numeric DEFAULT '0' NOT NULL,
	"rating_asked" integer DEFAULT 0 NOT NULL,
	"wait_rating" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_days_company_id_day_queue_id_user_id_is_group_pk" PRIMARY KEY("company_id","day","queue_id","user_id","is_group")
);
--> statement-breakpoint
ALTER TABLE "ticket_tracking" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "message_hours" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"from_me" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_hours_company_id_day_hour_queue_id_from_me_pk" PRIMARY KEY("company_id","day","hour","queue_id","from_me")
);
--> statement-breakpoint
ALTER TABLE "message_hours" ADD CONSTRAINT "message_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written: the dashboard's daily rollup (docs/metrics.md "The rollup"). What one attendance record
-- contributes, per local day of the company's time zone where one of its instants falls.
CREATE FUNCTION "attendance_day_rows"(r "ticket_tracking", tz text)
RETURNS TABLE ("day" date, "queued" integer, "queued_open" integer, "pending" integer, "started" integer,
  "happening" integer, "wait_count" integer, "wait_seconds" numeric, "closed" integer, "closed_rated" integer,
  "support_count" integer, "support_seconds" numeric, "closed_wait_count" integer, "closed_wait_seconds" numeric,
  "rating_asked" integer, "wait_rating" integer)
LANGUAGE sql STABLE AS $$
  SELECT (v.at AT TIME ZONE tz)::date,
    count(*) FILTER (WHERE v.kind = 'q')::int,
    count(*) FILTER (WHERE v.kind = 'q' AND r.closed_at IS NULL)::int,
    count(*) FILTER (WHERE v.kind = 'q' AND r.started_at IS NULL AND r.closed_at IS NULL)::int,
    count(*) FILTER (WHERE v.kind = 's')::int,
    count(*) FILTER (WHERE v.kind = 's' AND r.closed_at IS NULL AND r.rating_at IS NULL)::int,
    count(*) FILTER (WHERE v.kind = 's' AND r.queued_at IS NOT NULL)::int,
    coalesce(sum(extract(epoch FROM r.started_at - r.queued_at)) FILTER (WHERE v.kind = 's'), 0),
    count(*) FILTER (WHERE v.kind = 'c')::int,
    count(*) FILTER (WHERE v.kind = 'c' AND r.rated)::int,
    count(*) FILTER (WHERE v.kind = 'c' AND r.started_at IS NOT NULL)::int,
    coalesce(sum(extract(epoch FROM r.closed_at - r.started_at)) FILTER (WHERE v.kind = 'c'), 0),
    count(*) FILTER (WHERE v.kind = 'c' AND r.started_at IS NOT NULL AND r.queued_at IS NOT NULL)::int,
    coalesce(sum(extract(epoch FROM r.started_at - r.queued_at)) FILTER (WHERE v.kind = 'c'), 0),
    count(*) FILTER (WHERE v.kind = 'r')::int,
    count(*) FILTER (WHERE v.kind = 'r' AND r.closed_at IS NULL)::int
  FROM (VALUES ('q', r.queued_at), ('s', r.started_at), ('c', r.closed_at), ('r', r.rating_at)) AS v(kind, at)
  WHERE v.at IS NOT NULL
  GROUP BY 1
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes off (sign -1) a record's contributions. A record whose company or ticket is gone
-- adds nothing: the ticket's own delete took its records off while it still knew whether it was a group.
-- Days are upserted in order, so two transactions never wait on each other's rows in a circle here.
CREATE FUNCTION "attendance_days_add"(r "ticket_tracking", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  grp boolean;
BEGIN
  SELECT c."timezone" INTO tz FROM "companies" c WHERE c."id" = r."company_id";
  SELECT t."is_group" INTO grp FROM "tickets" t WHERE t."id" = r."ticket_id";
  IF tz IS NULL OR grp IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "attendance_days" AS d ("company_id", "day", "queue_id", "user_id", "is_group", "queued",
    "queued_open", "pending", "started", "happening", "wait_count", "wait_seconds", "closed", "closed_rated",
    "support_count", "support_seconds", "closed_wait_count", "closed_wait_seconds", "rating_asked", "wait_rating")
  SELECT r."company_id", x."day", coalesce(r."queue_id", 0), coalesce(r."user_id", 0), grp, sign * x."queued",
    sign * x."queued_open", sign * x."pending", sign * x."started", sign * x."happening", sign * x."wait_count",
    sign * x."wait_seconds", sign * x."closed", sign * x."closed_rated", sign * x."support_count",
    sign * x."support_seconds", sign * x."closed_wait_count", sign * x."closed_wait_seconds",
    sign * x."rating_asked", sign * x."wait_rating"
  FROM "attendance_day_rows"(r, tz) x ORDER BY x."day"
  ON CONFLICT ("company_id", "day", "queue_id", "user_id", "is_group") DO UPDATE SET
    "queued" = d."queued" + excluded."queued", "queued_open" = d."queued_open" + excluded."queued_open",
    "pending" = d."pending" + excluded."pending", "started" = d."started" + excluded."started",
    "happening" = d."happening" + excluded."happening", "wait_count" = d."wait_count" + excluded."wait_count",
    "wait_seconds" = d."wait_seconds" + excluded."wait_seconds", "closed" = d."closed" + excluded."closed",
    "closed_rated" = d."closed_rated" + excluded."closed_rated",
    "support_count" = d."support_count" + excluded."support_count",
    "support_seconds" = d."support_seconds" + excluded."support_seconds",
    "closed_wait_count" = d."closed_wait_count" + excluded."closed_wait_count",
    "closed_wait_seconds" = d."closed_wait_seconds" + excluded."closed_wait_seconds",
    "rating_asked" = d."rating_asked" + excluded."rating_asked", "wait_rating" = d."wait_rating" + excluded."wait_rating";
END $$;
--> statement-breakpoint
-- The whole rollup of a company from its records: the backfill below, a change of time zone, the bench seed.
CREATE FUNCTION "attendance_days_rebuild"(cid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "attendance_days" WHERE "company_id" = cid;
  INSERT INTO "attendance_days" ("company_id", "day", "queue_id", "user_id", "is_group", "queued",
    "queued_open", "pending", "started", "happening", "wait_count", "wait_seconds", "closed", "closed_rated",
    "support_count", "support_seconds", "closed_wait_count", "closed_wait_seconds", "rating_asked", "wait_rating")
  SELECT tr."company_id", x."day", coalesce(tr."queue_id", 0), coalesce(tr."user_id", 0), t."is_group",
    sum(x."queued"), sum(x."queued_open"), sum(x."pending"), sum(x."started"), sum(x."happening"),
    sum(x."wait_count"), sum(x."wait_seconds"), sum(x."closed"), sum(x."closed_rated"), sum(x."support_count"),
    sum(x."support_seconds"), sum(x."closed_wait_count"), sum(x."closed_wait_seconds"), sum(x."rating_asked"),
    sum(x."wait_rating")
  FROM "ticket_tracking" tr
  JOIN "tickets" t ON t."id" = tr."ticket_id"
  JOIN "companies" c ON c."id" = tr."company_id"
  CROSS JOIN LATERAL "attendance_day_rows"(tr, c."timezone") x
  WHERE tr."company_id" = cid
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
-- The messages' hourly rollup: one message (not a private note) counts on its local day and hour, in its
-- queue (0: none) and direction.
CREATE FUNCTION "message_hours_add"(m "messages", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  local timestamp;
BEGIN
  IF m."is_private" THEN
    RETURN;
  END IF;
  SELECT c."timezone" INTO tz FROM "companies" c WHERE c."id" = m."company_id";
  IF tz IS NULL THEN
    RETURN;
  END IF;
  local := m."created_at" AT TIME ZONE tz;
  INSERT INTO "message_hours" AS h ("company_id", "day", "hour", "queue_id", "from_me", "count")
  VALUES (m."company_id", local::date, extract(hour FROM local)::int, coalesce(m."queue_id", 0), m."from_me", sign)
  ON CONFLICT ("company_id", "day", "hour", "queue_id", "from_me") DO UPDATE SET "count" = h."count" + excluded."count";
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_hours_rebuild"(cid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "message_hours" WHERE "company_id" = cid;
  INSERT INTO "message_hours" ("company_id", "day", "hour", "queue_id", "from_me", "count")
  SELECT m."company_id", (m."created_at" AT TIME ZONE c."timezone")::date,
    extract(hour FROM m."created_at" AT TIME ZONE c."timezone")::int, coalesce(m."queue_id", 0), m."from_me", count(*)
  FROM "messages" m JOIN "companies" c ON c."id" = m."company_id"
  WHERE m."company_id" = cid AND NOT m."is_private"
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_hours_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "message_hours_add"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "message_hours_add"(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to commit, as the company versions: concurrent inbound transactions of one company meet on the
-- same hour's row, which is then locked only while committing. A message's count depends on its own
-- values alone, so the order in which a transaction's events meet does not matter.
CREATE CONSTRAINT TRIGGER "messages_hours_rows" AFTER INSERT OR DELETE ON "messages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "message_hours_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "messages_hours_changes" AFTER UPDATE OF "company_id", "created_at", "queue_id", "from_me", "is_private"
  ON "messages" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "message_hours_changed"();
--> statement-breakpoint
CREATE FUNCTION "ticket_tracking_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "attendance_days_add"(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "attendance_days_add"(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Immediate, not deferred: a record added and its ticket deleted in one transaction must meet in order.
CREATE TRIGGER "ticket_tracking_rollup_rows" AFTER INSERT OR DELETE ON "ticket_tracking"
  FOR EACH ROW EXECUTE FUNCTION "ticket_tracking_rollup"();
--> statement-breakpoint
CREATE TRIGGER "ticket_tracking_rollup_changes" AFTER UPDATE OF "company_id", "ticket_id", "user_id", "queue_id",
  "queued_at", "started_at", "closed_at", "rating_at", "rated" ON "ticket_tracking"
  FOR EACH ROW EXECUTE FUNCTION "ticket_tracking_rollup"();
--> statement-breakpoint
CREATE FUNCTION "ticket_rollup_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "attendance_days_add"(tr, -1) FROM "ticket_tracking" tr WHERE tr."ticket_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tickets_rollup_removed" BEFORE DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "ticket_rollup_removed"();
--> statement-breakpoint
CREATE FUNCTION "company_rollup_rezoned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "attendance_days_rebuild"(NEW."id");
  PERFORM "message_hours_rebuild"(NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_rollup_rezoned" AFTER UPDATE OF "timezone" ON "companies"
  FOR EACH ROW WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone") EXECUTE FUNCTION "company_rollup_rezoned"();
--> statement-breakpoint
-- The first response: the first text a user sent (not a bot, not a private note) while the record was the
-- ticket's newest and after it was queued. Queueing it again starts the wait, and the count, over.
CREATE FUNCTION "message_first_response"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_tracking" SET "first_response_at" = NEW."created_at"
  WHERE "id" = (SELECT "id" FROM "ticket_tracking" WHERE "ticket_id" = NEW."ticket_id" ORDER BY "id" DESC LIMIT 1)
    AND "first_response_at" IS NULL AND "queued_at" <= NEW."created_at";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_first_response" AFTER INSERT ON "messages" FOR EACH ROW
  WHEN (NEW."from_me" AND NEW."user_id" IS NOT NULL AND NOT NEW."is_private")
  EXECUTE FUNCTION "message_first_response"();
--> statement-breakpoint
CREATE FUNCTION "ticket_tracking_requeued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."first_response_at" := NULL;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_tracking_requeued" BEFORE UPDATE OF "queued_at" ON "ticket_tracking" FOR EACH ROW
  WHEN (OLD."queued_at" IS DISTINCT FROM NEW."queued_at") EXECUTE FUNCTION "ticket_tracking_requeued"();
--> statement-breakpoint
-- The existing records' first responses, each before the ticket's next record was queued.
CREATE FUNCTION "first_responses_backfill"(cid integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "ticket_tracking" tr SET "first_response_at" = (
    SELECT min(m."created_at") FROM "messages" m
    WHERE m."ticket_id" = tr."ticket_id" AND m."from_me" AND m."user_id" IS NOT NULL AND NOT m."is_private"
      AND m."created_at" >= tr."queued_at"
      AND m."created_at" < coalesce((SELECT min(n."queued_at") FROM "ticket_tracking" n
        WHERE n."ticket_id" = tr."ticket_id" AND n."id" > tr."id"), 'infinity'))
  WHERE tr."company_id" = cid;
$$;
--> statement-breakpoint
SELECT "first_responses_backfill"("id"), "attendance_days_rebuild"("id"), "message_hours_rebuild"("id") FROM "companies";

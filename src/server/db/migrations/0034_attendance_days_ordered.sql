CREATE INDEX "tickets_company_groups_idx" ON "tickets" USING btree ("company_id","id") WHERE "tickets"."is_group";--> statement-breakpoint
-- The dashboard's rollup (docs/metrics.md "The rollup"), kept per statement instead of per record: a
-- statement's records are summed per rollup row and the rows upserted in key order, so two statements
-- changing many records (the close-all job, a merge of contacts, the auto-close sweep) never lock the
-- same rows in opposite orders. It also follows a ticket whose group flag changes.
--
-- What one record adds (sign 1) or takes off (sign -1), as rows of the rollup, for a group flag and a
-- time zone given by the caller (the ticket and the company may be gone or changing).
CREATE FUNCTION "attendance_days_of"(r "ticket_tracking", sign integer, grp boolean, tz text)
RETURNS SETOF "attendance_days" LANGUAGE sql STABLE AS $$
  SELECT r."company_id", x."day", coalesce(r."queue_id", 0), coalesce(r."user_id", 0), grp, sign * x."queued",
    sign * x."queued_open", sign * x."pending", sign * x."started", sign * x."happening", sign * x."wait_count",
    sign * x."wait_seconds", sign * x."closed", sign * x."closed_rated", sign * x."support_count",
    sign * x."support_seconds", sign * x."closed_wait_count", sign * x."closed_wait_seconds",
    sign * x."rating_asked", sign * x."wait_rating"
  FROM "attendance_day_rows"(r, tz) x
$$;
--> statement-breakpoint
-- Adds changes to the rollup: summed per row, the rows that do not change left alone, the others upserted
-- in key order (an INSERT takes its rows' locks in the order its SELECT gives them).
CREATE FUNCTION "attendance_days_apply"(deltas "attendance_days"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "attendance_days" AS d ("company_id", "day", "queue_id", "user_id", "is_group", "queued",
    "queued_open", "pending", "started", "happening", "wait_count", "wait_seconds", "closed", "closed_rated",
    "support_count", "support_seconds", "closed_wait_count", "closed_wait_seconds", "rating_asked", "wait_rating")
  SELECT x."company_id", x."day", x."queue_id", x."user_id", x."is_group", sum(x."queued"), sum(x."queued_open"),
    sum(x."pending"), sum(x."started"), sum(x."happening"), sum(x."wait_count"), sum(x."wait_seconds"),
    sum(x."closed"), sum(x."closed_rated"), sum(x."support_count"), sum(x."support_seconds"),
    sum(x."closed_wait_count"), sum(x."closed_wait_seconds"), sum(x."rating_asked"), sum(x."wait_rating")
  FROM unnest(deltas) x
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x."queued") <> 0 OR sum(x."queued_open") <> 0 OR sum(x."pending") <> 0 OR sum(x."started") <> 0
    OR sum(x."happening") <> 0 OR sum(x."wait_count") <> 0 OR sum(x."wait_seconds") <> 0 OR sum(x."closed") <> 0
    OR sum(x."closed_rated") <> 0 OR sum(x."support_count") <> 0 OR sum(x."support_seconds") <> 0
    OR sum(x."closed_wait_count") <> 0 OR sum(x."closed_wait_seconds") <> 0 OR sum(x."rating_asked") <> 0
    OR sum(x."wait_rating") <> 0
  ORDER BY 1, 2, 3, 4, 5
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
    "rating_asked" = d."rating_asked" + excluded."rating_asked", "wait_rating" = d."wait_rating" + excluded."wait_rating"
$$;
--> statement-breakpoint
DROP TRIGGER "ticket_tracking_rollup_rows" ON "ticket_tracking";
--> statement-breakpoint
DROP TRIGGER "ticket_tracking_rollup_changes" ON "ticket_tracking";
--> statement-breakpoint
DROP FUNCTION "ticket_tracking_rollup"();
--> statement-breakpoint
-- A statement's records: those added, those removed, and of those updated the ones whose counted columns
-- changed (old taken off, new added). A record whose ticket or company is gone adds nothing: the ticket's
-- own delete took its records off while it still knew whether it was a group.
CREATE FUNCTION "ticket_tracking_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "attendance_days_apply"(array(
      SELECT x FROM "new_rows" n JOIN "tickets" t ON t."id" = n."ticket_id" JOIN "companies" c ON c."id" = n."company_id"
      CROSS JOIN LATERAL "attendance_days_of"(ROW(n.*)::"ticket_tracking", 1, t."is_group", c."timezone") x));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "attendance_days_apply"(array(
      SELECT x FROM "old_rows" o JOIN "tickets" t ON t."id" = o."ticket_id" JOIN "companies" c ON c."id" = o."company_id"
      CROSS JOIN LATERAL "attendance_days_of"(ROW(o.*)::"ticket_tracking", -1, t."is_group", c."timezone") x));
  ELSE
    PERFORM "attendance_days_apply"(array(
      WITH changed AS (
        SELECT ROW(o.*)::"ticket_tracking" AS o, ROW(n.*)::"ticket_tracking" AS n
        FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE (o."company_id", o."ticket_id", o."user_id", o."queue_id", o."queued_at", o."started_at", o."closed_at",
            o."rating_at", o."rated")
          IS DISTINCT FROM (n."company_id", n."ticket_id", n."user_id", n."queue_id", n."queued_at", n."started_at",
            n."closed_at", n."rating_at", n."rated"))
      SELECT x FROM changed JOIN "tickets" t ON t."id" = (changed.o)."ticket_id"
        JOIN "companies" c ON c."id" = (changed.o)."company_id"
        CROSS JOIN LATERAL "attendance_days_of"(changed.o, -1, t."is_group", c."timezone") x
      UNION ALL
      SELECT x FROM changed JOIN "tickets" t ON t."id" = (changed.n)."ticket_id"
        JOIN "companies" c ON c."id" = (changed.n)."company_id"
        CROSS JOIN LATERAL "attendance_days_of"(changed.n, 1, t."is_group", c."timezone") x));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Immediate, not deferred: a record added and its ticket deleted in one transaction must meet in order.
CREATE TRIGGER "ticket_tracking_rollup_added" AFTER INSERT ON "ticket_tracking"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_tracking_rollup"();
--> statement-breakpoint
CREATE TRIGGER "ticket_tracking_rollup_removed" AFTER DELETE ON "ticket_tracking"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_tracking_rollup"();
--> statement-breakpoint
CREATE TRIGGER "ticket_tracking_rollup_changed" AFTER UPDATE ON "ticket_tracking"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_tracking_rollup"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ticket_rollup_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "attendance_days_apply"(array(
    SELECT x FROM "ticket_tracking" tr JOIN "companies" c ON c."id" = tr."company_id"
    CROSS JOIN LATERAL "attendance_days_of"(tr, -1, OLD."is_group", c."timezone") x
    WHERE tr."ticket_id" = OLD."id"));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A ticket that becomes a group ticket (or stops being one) moves its records to the other flag's rows.
CREATE FUNCTION "ticket_rollup_regrouped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "attendance_days_apply"(array(
    SELECT x FROM "ticket_tracking" tr JOIN "companies" c ON c."id" = tr."company_id"
    CROSS JOIN LATERAL "attendance_days_of"(tr, -1, OLD."is_group", c."timezone") x WHERE tr."ticket_id" = OLD."id"
    UNION ALL
    SELECT x FROM "ticket_tracking" tr JOIN "companies" c ON c."id" = tr."company_id"
    CROSS JOIN LATERAL "attendance_days_of"(tr, 1, NEW."is_group", c."timezone") x WHERE tr."ticket_id" = NEW."id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tickets_rollup_regrouped" AFTER UPDATE OF "is_group" ON "tickets" FOR EACH ROW
  WHEN (OLD."is_group" IS DISTINCT FROM NEW."is_group") EXECUTE FUNCTION "ticket_rollup_regrouped"();
--> statement-breakpoint
DROP FUNCTION "attendance_days_add"("ticket_tracking", integer);

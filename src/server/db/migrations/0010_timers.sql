CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"key" varchar(100) NOT NULL,
	"company_id" integer,
	"ticket_id" integer,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "wallet_user_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "wallet_queue_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_unique" ON "jobs" USING btree ("kind","key") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_ticket_idx" ON "jobs" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_wallet_user_id_users_id_fk" FOREIGN KEY ("wallet_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_wallet_queue_id_queues_id_fk" FOREIGN KEY ("wallet_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the jobs' clock and the triggers that keep a ticket's timers in step with the ticket.
-- The jobs' clock is the database's, one for every server on it; tests replace this function to move time.
CREATE FUNCTION atendo_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$ SELECT now() $$;
--> statement-breakpoint
-- Arms a timer of a ticket, or arms it again from now: one live job per kind and ticket.
CREATE FUNCTION arm_ticket_timer(timer_kind text, ticket tickets, minutes integer, timer_payload jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO jobs (kind, key, company_id, ticket_id, run_at, payload)
  VALUES (timer_kind, ticket.id::text, ticket.company_id, ticket.id,
          atendo_now() + make_interval(mins => minutes), timer_payload)
  ON CONFLICT (kind, key) WHERE failed_at IS NULL DO UPDATE SET
    run_at = excluded.run_at, payload = excluded.payload, attempts = 0, locked_until = NULL,
    last_error = NULL, revision = jobs.revision + 1, updated_at = now()
$$;
--> statement-breakpoint
-- BEHAVIOUR "Routing and bots", timers, as a ticket changes: redirect (timeSendQueue) from when it starts
-- waiting with no queue and nobody; NPS expiry (expiresTicketNPS) from when the rating is asked; an offer
-- to an online user of its queue (userRandom, queue rotation) from when it starts waiting there with
-- nobody. Whatever a ticket leaves cancels that timer; closing (or lgpd, or a group) cancels them all.
CREATE FUNCTION tickets_follow_timers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  connection whatsapps;
  came_unqueued boolean;
  came_to_wait boolean;
BEGIN
  IF NEW.status NOT IN ('pending', 'open', 'nps') OR NEW.is_group THEN
    DELETE FROM jobs WHERE ticket_id = NEW.id;
    RETURN NULL;
  END IF;
  SELECT * INTO connection FROM whatsapps WHERE id = NEW.whatsapp_id;

  IF NEW.status = 'pending' AND NEW.queue_id IS NULL AND NEW.user_id IS NULL THEN
    came_unqueued := TG_OP = 'INSERT' OR OLD.status <> 'pending' OR OLD.queue_id IS NOT NULL
      OR OLD.user_id IS NOT NULL;
    IF came_unqueued AND connection.time_send_queue > 0 AND connection.send_id_queue IS NOT NULL THEN
      PERFORM arm_ticket_timer('redirect', NEW, connection.time_send_queue, '{}');
    END IF;
  ELSE
    DELETE FROM jobs WHERE ticket_id = NEW.id AND kind = 'redirect';
  END IF;

  IF NEW.status = 'nps' THEN
    IF (TG_OP = 'INSERT' OR OLD.status <> 'nps') AND connection.expires_ticket_nps > 0 THEN
      PERFORM arm_ticket_timer('npsExpiry', NEW, connection.expires_ticket_nps, '{}');
    END IF;
  ELSE
    DELETE FROM jobs WHERE ticket_id = NEW.id AND kind = 'npsExpiry';
  END IF;

  -- The contact's silence counts only while we wait for them: attended, or the bot waiting for a queue.
  IF NOT (NEW.status = 'open' OR (NEW.status = 'pending' AND NEW.queue_id IS NULL)) THEN
    DELETE FROM jobs WHERE ticket_id = NEW.id AND kind IN ('inactivity', 'expiry');
  END IF;

  IF NEW.status = 'pending' AND NEW.queue_id IS NOT NULL THEN
    came_to_wait := NEW.user_id IS NULL AND (TG_OP = 'INSERT' OR OLD.status <> 'pending'
      OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.user_id IS NOT NULL);
    IF came_to_wait AND (
      EXISTS (SELECT 1 FROM company_settings
              WHERE company_id = NEW.company_id AND key = 'userRandom' AND value = 'enabled')
      OR EXISTS (SELECT 1 FROM queues WHERE id = NEW.queue_id AND ativar_roteador AND tempo_roteador > 0)
    ) THEN
      PERFORM arm_ticket_timer('offer', NEW, 0, '{}');
    ELSIF TG_OP = 'UPDATE' AND OLD.queue_id IS DISTINCT FROM NEW.queue_id THEN
      DELETE FROM jobs WHERE ticket_id = NEW.id AND kind = 'offer';
    END IF;
  ELSE
    DELETE FROM jobs WHERE ticket_id = NEW.id AND kind = 'offer';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new ticket has no timer to cancel: only a waiting one (or one asking for a rating) may arm one.
CREATE TRIGGER tickets_timers_on_insert AFTER INSERT ON tickets
  FOR EACH ROW WHEN (NEW.status IN ('pending', 'nps') AND NOT NEW.is_group)
  EXECUTE FUNCTION tickets_follow_timers();
--> statement-breakpoint
CREATE TRIGGER tickets_timers_on_update AFTER UPDATE OF status, queue_id, user_id ON tickets
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.queue_id IS DISTINCT FROM NEW.queue_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION tickets_follow_timers();
--> statement-breakpoint
-- Inactivity (timeInactiveMessage) and expiry (expiresTicket) count from our last message to the contact
-- (an attendant's or a bot's, not a private note) while we wait for them: on an attended ticket, or a
-- waiting one whose bot asks for a queue. Each such message arms them again; whether the contact answered
-- is judged when they fire; what a timer itself sends (atendo.quiet_timers) arms nothing. Tickets are
-- locked before their jobs, the order of every writer.
CREATE FUNCTION messages_arm_timers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('atendo.quiet_timers', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tickets AS t JOIN whatsapps AS w ON w.id = t.whatsapp_id
  WHERE t.id IN (SELECT ticket_id FROM inserted WHERE from_me AND NOT is_private)
    AND (t.status = 'open' OR (t.status = 'pending' AND t.queue_id IS NULL)) AND NOT t.is_group
    AND (w.time_inactive_message > 0 OR w.expires_ticket > 0)
  ORDER BY t.id FOR UPDATE OF t;
  PERFORM arm_ticket_timer(timer.kind, t, timer.minutes, jsonb_build_object('messageId', m.id))
  FROM (SELECT ticket_id, max(id) AS id FROM inserted
        WHERE from_me AND NOT is_private GROUP BY ticket_id) AS m
  JOIN tickets AS t ON t.id = m.ticket_id
  JOIN whatsapps AS w ON w.id = t.whatsapp_id
  CROSS JOIN LATERAL (VALUES
    ('inactivity', CASE WHEN btrim(coalesce(w.inactive_message, '')) <> '' THEN w.time_inactive_message ELSE 0 END),
    ('expiry', w.expires_ticket)) AS timer(kind, minutes)
  WHERE (t.status = 'open' OR (t.status = 'pending' AND t.queue_id IS NULL)) AND NOT t.is_group
    AND timer.minutes > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_timers AFTER INSERT ON messages REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION messages_arm_timers();

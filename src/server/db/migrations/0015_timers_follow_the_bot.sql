-- Hand-written: the timers follow the bots. We wait for the contact while a ticket is attended, while its
-- bot asks (is_bot: the queue menu, a queue's option menu) or while its LGPD consent is asked; a ticket
-- goes to a queue's attendants (userRandom, rotation) only once its bot has handed it over.
CREATE OR REPLACE FUNCTION tickets_follow_timers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  connection whatsapps;
  came_unqueued boolean;
  came_to_wait boolean;
BEGIN
  IF NEW.status NOT IN ('pending', 'open', 'nps', 'lgpd') OR NEW.is_group THEN
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

  IF NOT (NEW.status IN ('open', 'lgpd') OR (NEW.status = 'pending' AND NEW.is_bot)) THEN
    DELETE FROM jobs WHERE ticket_id = NEW.id AND kind IN ('inactivity', 'expiry');
  END IF;

  IF NEW.status = 'pending' AND NEW.queue_id IS NOT NULL AND NOT NEW.is_bot THEN
    came_to_wait := NEW.user_id IS NULL AND (TG_OP = 'INSERT' OR OLD.status <> 'pending'
      OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.user_id IS NOT NULL OR OLD.is_bot);
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
DROP TRIGGER tickets_timers_on_update ON tickets;
--> statement-breakpoint
CREATE TRIGGER tickets_timers_on_update AFTER UPDATE OF status, queue_id, user_id, is_bot ON tickets
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.queue_id IS DISTINCT FROM NEW.queue_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.is_bot IS DISTINCT FROM NEW.is_bot)
  EXECUTE FUNCTION tickets_follow_timers();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_arm_timers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('atendo.quiet_timers', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tickets AS t JOIN whatsapps AS w ON w.id = t.whatsapp_id
  WHERE t.id IN (SELECT ticket_id FROM inserted WHERE from_me AND NOT is_private)
    AND (t.status IN ('open', 'lgpd') OR (t.status = 'pending' AND t.is_bot)) AND NOT t.is_group
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
  WHERE (t.status IN ('open', 'lgpd') OR (t.status = 'pending' AND t.is_bot)) AND NOT t.is_group
    AND timer.minutes > 0;
  RETURN NULL;
END $$;

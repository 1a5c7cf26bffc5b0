import { eq } from 'drizzle-orm';
import { wallClock } from '../../shared/wall-clock';
import type { InboundCall, InboundMessage } from '../channels/driver';
import { companies } from '../db/schema';
import type { Received } from '../modules/messages/inbound';
import { deliverQueued, queueText } from '../modules/messages/outbound';
import { formatBody } from '../modules/messages/variables';
import { companySettingsOf } from '../modules/settings/queries';
import { publishMessage, publishTicket } from '../modules/tickets/publish';
import * as q from '../modules/tickets/queries';
import type { ServerDeps } from '../platform/deps';
import { BufferedEvents } from '../platform/events';
import { tenantDb } from '../platform/tenant';

const pad = (n: number) => String(n).padStart(2, '0');

/** The chat's entry for a call nobody took, at the company's wall-clock time (docs/behaviour.md "Calls"). */
export function missedCallText(at: Date, timeZone: string) {
  const { minutes } = wallClock(at, timeZone);
  return `Chamada de voz/vídeo perdida às ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * docs/behaviour.md "Calls": when the company does not take WhatsApp calls (acceptCallWhatsapp disabled), the call
 * is declined, a call_log entry is stored on the caller's ticket through the inbound pipeline (found or
 * created as for a message; stored once however often the call is reported), and the caller gets
 * AcceptCallWhatsappMessage, which the chat shows as sent by the bot.
 */
export async function answerCall(
  deps: ServerDeps,
  connection: { id: number; companyId: number; name: string },
  call: InboundCall,
  store: (message: InboundMessage) => Promise<Received>,
) {
  const { db, log } = deps;
  const [company] = await db
    .select({ timezone: companies.timezone, settings: companySettingsOf(companies.id) })
    .from(companies)
    .where(eq(companies.id, connection.companyId));
  if (company?.settings.acceptCallWhatsapp !== 'disabled') return;
  await deps.channels
    .driverOf(connection.id)
    ?.rejectCall?.(call.id)
    .catch((err) => log.warn({ err, whatsappId: connection.id }, 'declining a call failed'));

  const stored = await store({
    id: `call:${call.id}`,
    from: call.from,
    fromMe: false,
    timestamp: call.at,
    body: missedCallText(call.at, company.timezone),
    mediaType: 'call_log',
  });
  const reply = company.settings.AcceptCallWhatsappMessage.trim();
  if (!stored || !reply) return;

  const { ticket, contact, message } = await db.transaction(async (tx) => {
    const tenant = tenantDb(tx, connection.companyId);
    const row = (await q.lockTicketRow(tenant, stored.ticketId))!;
    const caller = (await q.findContact(tenant, row.contactId))!;
    const body = formatBody(reply, {
      contactName: caller.name,
      ticketId: row.id,
      connectionName: connection.name,
    });
    const queued = await queueText(tenantDb(tx, connection.companyId), row, body, null);
    return {
      ticket: await q.updateTicketRow(tenant, row.id, { lastMessage: body }),
      contact: caller,
      message: queued,
    };
  });
  await deliverQueued({ db: tenantDb(db, connection.companyId), deps }, ticket.whatsappId, contact.number, [
    message,
  ]);
  const events = new BufferedEvents();
  const tenant = tenantDb(db, ticket.companyId);
  await publishTicket(tenant, events, ticket.id);
  await publishMessage(tenant, events, message.id, 'create');
  events.flush(deps.realtime);
}

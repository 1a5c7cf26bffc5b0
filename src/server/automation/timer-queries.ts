import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { COMPANY_SETTING_DEFAULTS } from '../../shared/settings';
import { outer } from '../db/outer';
import { companySettings, contacts, messages, queues, tickets, userQueues, users } from '../db/schema';
import { jobsNow } from '../jobs/queries';
import type { DbOrTx } from '../platform/database';

/** The contact of a company's ticket. */
export async function findContactOfTicket(db: DbOrTx, companyId: number, ticketId: number) {
  const [row] = await db
    .select({ contact: contacts })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  return row?.contact;
}

/** Whether the contact wrote on the ticket after message `messageId` (our message that armed a timer). */
export async function contactWroteAfter(db: DbOrTx, ticketId: number, messageId: number) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), gt(messages.id, messageId), eq(messages.fromMe, false)))
    .limit(1);
  return row !== undefined;
}

/** A queue's rotation (2-administration §3 ativarRoteador, tempoRoteador minutes). */
export async function findQueueRotation(db: DbOrTx, companyId: number, queueId: number) {
  const [row] = await db
    .select({ ativarRoteador: queues.ativarRoteador, tempoRoteador: queues.tempoRoteador })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return row;
}

/** The users of a company's queue, by id (the order turns are taken in). */
export async function queueMemberIds(db: DbOrTx, companyId: number, queueId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.queueId, queueId), eq(users.companyId, companyId)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/**
 * Open tickets (not groups) untouched for their company's hoursCloseTicketsAuto hours on the jobs'
 * clock; 0 hours never closes.
 */
export function inactiveOpenTickets(): SQL {
  const hours = sql`coalesce((select ${companySettings.value}::int from ${companySettings}
    where ${companySettings.companyId} = ${outer(tickets.companyId)} and ${companySettings.key} = 'hoursCloseTicketsAuto'),
    ${Number(COMPANY_SETTING_DEFAULTS.hoursCloseTicketsAuto)})`;
  return sql`${tickets.status} = 'open' and not ${tickets.isGroup} and exists (
    select 1 from (select ${hours} as hours) as setting
    where setting.hours > 0 and ${outer(tickets.updatedAt)} < ${jobsNow} - make_interval(hours => setting.hours))`;
}

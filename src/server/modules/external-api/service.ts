import type { z } from 'zod';
import { EXTERNAL_MEDIA_FIELD, type externalSendBody } from '../../../shared/api/external-api';
import { isPastDue } from '../../../shared/due-date';
import { VALIDATION } from '../../../shared/errors';
import { normalizeNumber } from '../../../shared/phone-number';
import { type CompanySettings, PLATFORM_COMPANY_ID } from '../../../shared/settings';
import { signBody } from '../../../shared/signature';
import type { whatsapps } from '../../db/schema';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { type TenantDb, tenantDb } from '../../platform/tenant';
import { checkOnConnection } from '../contacts/channel-check';
import { byNumber, findContactRow } from '../contacts/queries';
import { findOrCreateConversation } from '../messages/inbound';
import { requireDriver } from '../messages/outbound';
import { assertReplyWindow, outgoingItems, sendItem } from '../messages/service';
import { findQueueRow } from '../queues/queries';
import { recordAttended, recordClosed, writeLog } from '../tickets/history-queries';
import { publishTicket } from '../tickets/publish';
import * as q from '../tickets/queries';
import { findUserRow } from '../users/queries';
import { connectionOfToken } from './queries';

type SendInput = z.output<typeof externalSendBody>;
type Connection = typeof whatsapps.$inferSelect;

/**
 * POST /api/messages/send: the bearer is a connection's token, which names the connection and with it
 * the company (nothing in the body does). No token: 401; a token of no connection: 403
 * ERR_INVALID_API_TOKEN; a plan without useExternalApi: 403 ERR_EXTERNAL_API_DISABLED; a company past its
 * due date: 402 ERR_SUBSCRIPTION_EXPIRED, as its users' calls are (2-administration §4.2); an inactive
 * company: 403 ERR_COMPANY_INACTIVE.
 */
export async function sendWithToken(
  ctx: Pick<Context, 'deps' | 'events'>,
  token: string | undefined,
  input: SendInput,
  files: ReceivedFile[],
) {
  if (!token) throw new AppError('ERR_UNAUTHENTICATED', 401);
  // No user and no company yet: the token is looked up over the database itself.
  const found = await connectionOfToken(ctx.deps.db, token);
  if (!found) throw new AppError('ERR_INVALID_API_TOKEN', 403);
  if (!found.useExternalApi) throw new AppError('ERR_EXTERNAL_API_DISABLED', 403);
  // An inactive company's tokens answer as its users' sign-ins do (the platform's own company is never blocked).
  if (!found.active && found.connection.companyId !== PLATFORM_COMPANY_ID)
    throw new AppError('ERR_COMPANY_INACTIVE', 403);
  if (isPastDue(found.dueDate, new Date(), found.timezone))
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
  const db = tenantDb(ctx.deps.db, found.connection.companyId);
  return sendExternal({ ...ctx, db }, found, input, files);
}

/** The /messages-api page's send test: as the endpoint does, with a token of the caller's own company only. */
export async function testSend(ctx: Context, input: SendInput & { token: string }, files: ReceivedFile[]) {
  // Another company's token is as unknown here as a wrong one.
  const found = await connectionOfToken(ctx.db, input.token);
  if (!found) throw new AppError('ERR_INVALID_API_TOKEN', 403);
  if (!found.useExternalApi) throw new AppError('ERR_EXTERNAL_API_DISABLED', 403);
  return sendExternal(ctx, found, input, files);
}

/**
 * The message goes to the number through the token's connection: the number is checked on WhatsApp, the
 * contact and ticket are found or made as for an inbound message; with a user the ticket is open and
 * theirs (in the queue, when one is named), and the text may carry their signature; closeTicket closes
 * it once sent, without farewell.
 */
async function sendExternal(
  ctx: Pick<Context, 'db' | 'deps' | 'events'>,
  { connection, settings }: { connection: Connection; settings: CompanySettings },
  input: SendInput,
  files: ReceivedFile[],
) {
  const medias = files.filter((file) => file.field === EXTERNAL_MEDIA_FIELD);
  if (!input.body.trim() && medias.length === 0) throw new AppError(VALIDATION.required, 400);
  const user = input.userId === undefined ? undefined : await findUserRow(ctx.db, input.userId);
  if (input.userId !== undefined && !user) throw notFound('ERR_NO_USER_FOUND');
  if (input.queueId !== undefined && !(await findQueueRow(ctx.db, input.queueId))) {
    throw notFound('ERR_NO_QUEUE_FOUND');
  }
  await requireDriver(ctx.deps, connection.id);
  const number = await checkOnConnection(
    ctx.deps,
    connection,
    normalizeNumber(input.number, settings.country),
  );
  // 1-attendance §2: on the Cloud API only a template reaches someone who has not written within 24 h.
  const known = await findContactRow(ctx.db, byNumber(number));
  await assertReplyWindow(ctx, {
    channel: connection.channel,
    contactId: known?.id ?? 0,
    whatsappId: connection.id,
  });

  const { contact, ticket, before } = await ctx.db.transaction(async (tx) => {
    const found = await findOrCreateConversation(tx, connection, settings, { number, name: number });
    return { ...found, ticket: await assign(tx, found.ticket, user?.id, input.queueId) };
  });
  await publishTicket(ctx.db, ctx.events, ticket.id, before);

  const text = user && input.sendSignature ? signBody(user.name, input.body) : input.body;
  const base = {
    contactId: contact.id,
    queueId: ticket.queueId,
    userId: user?.id ?? null,
    fromMe: true,
    read: true,
  };
  for (const item of outgoingItems(base, text, medias)) await sendItem(ctx, ticket, contact.number, item);

  if (input.closeTicket) {
    const closing = await ctx.db.transaction(async (tx) => {
      const locked = (await q.lockTicketRow(tx, ticket.id))!;
      if (locked.status === 'closed') return undefined;
      const closed = await q.updateTicketRow(tx, locked.id, { status: 'closed' });
      await recordClosed(tx, closed, { userId: user?.id ?? null, queueId: closed.queueId });
      return locked;
    });
    if (closing) await publishTicket(ctx.db, ctx.events, ticket.id, closing);
  }
  return { status: 'SUCCESS' as const };
}

/** The user named by the call attends the ticket (in the queue named, if any); a queue alone moves it there. */
async function assign(tx: TenantDb, ticket: q.TicketRow, userId?: number, queueId?: number) {
  const target = queueId ?? ticket.queueId;
  if (userId !== undefined) {
    if (ticket.userId === userId && ticket.queueId === target && ticket.status === 'open') return ticket;
    const attended = await q.updateTicketRow(tx, ticket.id, {
      status: 'open',
      userId,
      queueId: target,
      isBot: false,
    });
    if (target !== ticket.queueId) await writeLog(tx, attended, 'queue', { userId, queueId: target });
    await recordAttended(tx, attended, { userId, queueId: target });
    return attended;
  }
  if (target === ticket.queueId) return ticket;
  const moved = await q.updateTicketRow(tx, ticket.id, { queueId: target });
  await writeLog(tx, moved, 'queue', { queueId: target });
  return moved;
}

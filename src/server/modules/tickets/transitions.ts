import type { z } from 'zod';
import { IGNORE_UNDO_GRACE_MS, type Ticket, type updateTicketBody } from '../../../shared/api/tickets';
import { VALIDATION } from '../../../shared/errors';
import type { CompanySettings } from '../../../shared/settings';
import { attendedStatus, presentTicket, type TicketScope } from '../../../shared/ticket-visibility';
import { actorIsAdmin, viewerOf } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import type { TenantDb } from '../../platform/tenant';
import { deliverQueued, queueText, storeNote } from '../messages/outbound';
import type { MessageRow } from '../messages/queries';
import { formatBody } from '../messages/variables';
import {
  currentTracking,
  recordAttended,
  recordClosed,
  recordCreated,
  startTracking,
  track,
  writeLog,
} from './history-queries';
import { publishMessage, publishTicket } from './publish';
import * as q from './queries';
import { announceRead, findVisibleTicket } from './service';
import { takeIntoWallet } from './wallet';

type UpdateBody = z.output<typeof updateTicketBody>;

/** docs/behaviour.md "Ticket updates": the transfer message names the new queue with this literal text. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the settings' placeholder, not a template.
const QUEUE_NAME_PLACEHOLDER = '${queue.name}';

/** Everything a transition may read; it runs inside the ticket's transaction. */
interface Step {
  /** The company's handle over the ticket's transaction. */
  tx: TenantDb;
  ctx: Context;
  before: q.TicketRow;
  body: UpdateBody;
  contact: q.ContactRow;
  connection: q.ConnectionRow | undefined;
  settings: CompanySettings;
  /** The company's time zone, read once and only when a text is sent (the variables' clock). */
  timeZone(): Promise<string>;
}

interface Outcome {
  /** The ticket the caller gets back. */
  answer: number;
  /** Tickets that changed, with their state before (to tell sockets that can no longer see them). */
  changed: { id: number; before?: TicketScope }[];
  /** Texts to send to the contact once committed. */
  outgoing: MessageRow[];
  /** Notes stored without sending. */
  notes: MessageRow[];
}

const unchanged = (id: number): Outcome => ({ answer: id, changed: [], outgoing: [], notes: [] });

/** The fields any change may carry along. */
const extras = (body: UpdateBody) => ({
  ...(body.useIntegration !== undefined && { useIntegration: body.useIntegration }),
  ...(body.amountUsedBotQueues !== undefined && { amountUsedBotQueues: body.amountUsedBotQueues }),
});

/**
 * Template texts (greeting, farewell, rating, transfer notice) with the message variables filled, stored
 * to be sent once committed; empty ones are left out.
 */
async function queueTexts(
  step: Step,
  ticket: q.TicketRow,
  texts: (string | null | undefined)[],
  extra: { queueName?: string | undefined; userName?: string | undefined } = {},
) {
  const present = texts.filter((text): text is string => Boolean(text?.trim()));
  if (present.length === 0) return [];
  const context = {
    contactName: step.contact.name,
    ticketId: ticket.id,
    connectionName: step.connection?.name,
    timeZone: await step.timeZone(),
    ...extra,
  };
  const rows: MessageRow[] = [];
  // The messages' writes still take the transaction itself (they fill the ticket's company in).
  for (const text of present) {
    rows.push(await queueText(step.tx, ticket, formatBody(text, context), step.ctx.actor.userId));
  }
  await q.updateTicketRow(step.tx, ticket.id, { lastMessage: rows.at(-1)!.body });
  return rows;
}

/**
 * The farewell (docs/behaviour.md "Ticket updates"): the attendant's farewellMessage, then the connection's
 * complationMessage, unless the caller asked for none (sendFarewellMessage false).
 */
async function farewell(step: Step, ticket: q.TicketRow) {
  const { tx, before, body, connection } = step;
  if (body.sendFarewellMessage === false) return [];
  const attendant = before.userId === null ? undefined : await q.findUserOfCompany(tx, before.userId);
  return queueTexts(step, ticket, [attendant?.farewellMessage, connection?.complationMessage], {
    userName: attendant?.name,
  });
}

/** docs/behaviour.md "Ticket updates": requiredTag blocks closing an untagged ticket on the server too. */
async function requireTag(step: Step) {
  if (step.settings.requiredTag === 'enabled' && !(await q.ticketHasTags(step.tx, step.before.id))) {
    throw new AppError('ERR_TICKET_REQUIRES_TAG', 400);
  }
}

async function queueOf(step: Step, queueId: number) {
  const queue = await q.findQueue(step.tx, queueId);
  if (!queue) throw notFound('ERR_NOT_FOUND');
  return queue;
}

/** Pending → open (group for groups), assigned to the caller; greeting when sendGreetingAccepted. */
async function accept(step: Step): Promise<Outcome> {
  const { tx, before, body, ctx, settings } = step;
  const userId = ctx.actor.userId;
  const queueId = body.queueId === undefined ? before.queueId : body.queueId;
  const queue = queueId === null ? undefined : await queueOf(step, queueId);
  const ticket = await q.updateTicketRow(tx, before.id, {
    ...extras(body),
    status: attendedStatus(before),
    userId,
    queueId,
    isBot: false,
  });
  if (queueId !== before.queueId) await writeLog(tx, ticket, 'queue', { userId, queueId });
  await recordAttended(tx, ticket, { userId, queueId });
  await takeIntoWallet(tx, settings, before.contactId, { userId, queueId });
  const greets =
    settings.sendGreetingAccepted === 'enabled' &&
    before.status === 'pending' &&
    (!before.isGroup || step.connection?.groupAsTicket === 'enabled');
  const outgoing = greets
    ? await queueTexts(step, ticket, [settings.greetingAcceptedMessage], {
        queueName: queue?.name,
        userName: await userNameOf(step, userId),
      })
    : [];
  return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing, notes: [] };
}

async function userNameOf(step: Step, userId: number | null) {
  if (userId === null) return undefined;
  return (await q.findUserOfCompany(step.tx, userId))?.name;
}

/** Open → pending with no user; the bot's queue-use count starts again. */
async function returnToQueue(step: Step): Promise<Outcome> {
  const { tx, before, body, ctx } = step;
  const ticket = await q.updateTicketRow(tx, before.id, {
    ...extras(body),
    status: 'pending',
    userId: null,
    amountUsedBotQueues: body.amountUsedBotQueues ?? 0,
  });
  await writeLog(tx, ticket, 'pending', { userId: ctx.actor.userId, queueId: ticket.queueId });
  await track(tx, ticket, { userId: null, queuedAt: new Date(), startedAt: null });
  return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing: [], notes: [] };
}

/**
 * Open or group → closed. With userRating on, a person's ticket not yet rated gets the rating request
 * and waits in nps (the farewell follows the rating); otherwise the farewell (the user's message, then
 * the connection's completion message) unless sendFarewellMessage is false.
 */
async function resolve(step: Step): Promise<Outcome> {
  const { tx, before, body, ctx, settings, connection } = step;
  await requireTag(step);
  const byUser = { userId: ctx.actor.userId, queueId: before.queueId };
  const tracking = await currentTracking(tx, before.id);
  const asksRating =
    settings.userRating === 'enabled' &&
    !before.isGroup &&
    before.status !== 'nps' &&
    !tracking?.rated &&
    !tracking?.ratingAt &&
    Boolean(connection?.ratingMessage?.trim());
  if (asksRating) {
    // The rating request starts the bots' count afresh: invalid answers are asked again within it.
    const ticket = await q.updateTicketRow(tx, before.id, {
      ...extras(body),
      status: 'nps',
      amountUsedBotQueues: 0,
      botAnsweredAt: null,
    });
    await writeLog(tx, ticket, 'nps', byUser);
    await track(tx, ticket, { ratingAt: new Date() });
    const outgoing = await queueTexts(step, ticket, [connection?.ratingMessage], {
      userName: await userNameOf(step, before.userId),
    });
    return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing, notes: [] };
  }
  const ticket = await q.updateTicketRow(tx, before.id, { ...extras(body), status: 'closed' });
  await recordClosed(tx, ticket, byUser);
  const outgoing = await farewell(step, ticket);
  return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing, notes: [] };
}

/**
 * Pending → closed: admins, and users with showDashboard or userClosePendingTicket. Without farewell,
 * unless sendFarewellWaitingTicket asks for it on waiting tickets too.
 */
async function ignore(step: Step): Promise<Outcome> {
  const { tx, before, ctx } = step;
  requireMayIgnore(ctx);
  await requireTag(step);
  const ticket = await q.updateTicketRow(tx, before.id, {
    ...extras(step.body),
    status: 'closed',
    amountUsedBotQueues: 0,
  });
  await recordClosed(tx, ticket, { userId: ctx.actor.userId, queueId: ticket.queueId });
  const outgoing = step.settings.sendFarewellWaitingTicket === 'enabled' ? await farewell(step, ticket) : [];
  return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing, notes: [] };
}

function requireMayIgnore(ctx: Context) {
  const { flags } = ctx.actor;
  const allowed =
    actorIsAdmin(ctx.actor) ||
    flags.showDashboard === 'enabled' ||
    flags.userClosePendingTicket === 'enabled';
  if (!allowed) throw forbidden();
}

/**
 * Closed → pending: the undo of an ignore, offered for a few seconds after it, by those who may ignore.
 * The ticket waits again in its queue with no user, unless the contact has since opened another one
 * (then that one is answered, as reopen does). Later than IGNORE_UNDO_GRACE_MS it is not an undo any more.
 */
async function restore(step: Step): Promise<Outcome> {
  const { tx, before, ctx } = step;
  requireMayIgnore(ctx);
  if (Date.now() - before.updatedAt.getTime() > IGNORE_UNDO_GRACE_MS) throw forbidden();
  const other = await q.newestTicketOf(tx, before.contactId, before.whatsappId, q.ACTIVE_STATUSES);
  if (other) return unchanged(other.id);
  const ticket = await q.updateTicketRow(tx, before.id, {
    ...extras(step.body),
    status: 'pending',
    userId: null,
  });
  await writeLog(tx, ticket, 'pending', { userId: ctx.actor.userId, queueId: ticket.queueId });
  await startTracking(tx, ticket);
  return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing: [], notes: [] };
}

/** Closed → open (group) for the caller, unless the contact is already being served on that connection. */
async function reopen(step: Step): Promise<Outcome> {
  const { tx, before, body, ctx } = step;
  const other = await q.newestTicketOf(tx, before.contactId, before.whatsappId, q.ACTIVE_STATUSES);
  if (other) return unchanged(other.id);
  const queueId = body.queueId === undefined ? before.queueId : body.queueId;
  if (queueId !== null) await queueOf(step, queueId);
  const ticket = await q.updateTicketRow(tx, before.id, {
    ...extras(body),
    status: attendedStatus(before),
    userId: ctx.actor.userId,
    queueId,
    isBot: false,
  });
  await writeLog(tx, ticket, 'reopen', { userId: ctx.actor.userId, queueId });
  await startTracking(tx, ticket, { startedAt: new Date() });
  return { answer: ticket.id, changed: [{ id: ticket.id, before }], outgoing: [], notes: [] };
}

/**
 * To a queue (required) and optionally a user: with a user it is open (group), without it waits.
 * msgTransfer stays as a private note; sendMsgTransfTicket tells the contact; closeTicketOnTransfer
 * closes this ticket and continues in a new one.
 */
async function transfer(step: Step): Promise<Outcome> {
  const { tx, before, body, ctx, settings } = step;
  const { userId: actorId } = ctx.actor;
  if (!body.queueId) throw new AppError(VALIDATION.required, 400);
  // Transferring a closed ticket brings it back: as with reopen, never beside a live one.
  if (before.status === 'closed') {
    const other = await q.newestTicketOf(tx, before.contactId, before.whatsappId, q.ACTIVE_STATUSES);
    if (other) return unchanged(other.id);
  }
  const queue = await queueOf(step, body.queueId);
  const userId = body.userId ?? null;
  if (userId !== null && !(await q.findUserOfCompany(tx, userId))) throw notFound('ERR_NO_USER_FOUND');
  const target = {
    status: userId === null ? 'pending' : attendedStatus(before),
    userId,
    queueId: queue.id,
    isTransfered: true,
    isBot: false,
  };
  const changed: Outcome['changed'] = [];
  let ticket: q.TicketRow;
  if (settings.closeTicketOnTransfer === 'enabled') {
    const closed = await q.updateTicketRow(tx, before.id, { status: 'closed' });
    await writeLog(tx, closed, 'transfered', { userId: actorId, queueId: before.queueId });
    await track(tx, closed, { closedAt: new Date() });
    changed.push({ id: closed.id, before });
    ticket = await q.insertTicketRow(tx, {
      ...target,
      ...extras(body),
      contactId: before.contactId,
      whatsappId: before.whatsappId,
      channel: before.channel,
      isGroup: before.isGroup,
    });
    await recordCreated(tx, [ticket], { userId: actorId });
    changed.push({ id: ticket.id });
  } else {
    ticket = await q.updateTicketRow(tx, before.id, { ...extras(body), ...target });
    await writeLog(tx, ticket, 'transfered', { userId: actorId, queueId: before.queueId });
    await track(
      tx,
      ticket,
      userId === null
        ? { userId, queueId: queue.id, queuedAt: new Date(), startedAt: null }
        : { userId, queueId: queue.id, startedAt: new Date() },
    );
    changed.push({ id: ticket.id, before });
  }
  await writeLog(tx, ticket, 'receivedTransfer', { userId, queueId: queue.id });
  const notes = body.msgTransfer?.trim() ? [await storeNote(tx, ticket, body.msgTransfer, actorId)] : [];
  const outgoing =
    settings.sendMsgTransfTicket === 'enabled'
      ? await queueTexts(
          step,
          ticket,
          [settings.transferMessage.replaceAll(QUEUE_NAME_PLACEHOLDER, queue.name)],
          {
            queueName: queue.name,
            userName: await userNameOf(step, userId),
          },
        )
      : [];
  return { answer: ticket.id, changed, outgoing, notes };
}

/** No change of state: only the fields that ride along. */
async function fields(step: Step): Promise<Outcome> {
  const changes = extras(step.body);
  if (Object.keys(changes).length === 0) return unchanged(step.before.id);
  await q.updateTicketRow(step.tx, step.before.id, changes);
  return { ...unchanged(step.before.id), changed: [{ id: step.before.id, before: step.before }] };
}

const WAITING = ['pending', 'lgpd', 'nps'];

/** Which transition of 1-attendance §4 a PUT asks for, given the ticket as it is now. */
function classify(ticket: q.TicketRow, body: UpdateBody, actorId: number) {
  if (body.status === 'closed') {
    if (ticket.status === 'closed') return fields;
    return ticket.status === 'pending' ? ignore : resolve;
  }
  const attending = body.status === 'open' || body.status === 'group';
  if (attending && ticket.status === 'closed') return reopen;
  if (body.status === 'pending' && ticket.status === 'closed') return restore;
  const toSomeoneElse = body.userId != null && body.userId !== actorId && body.userId !== ticket.userId;
  if (body.isTransfered || toSomeoneElse) return transfer;
  if (attending && WAITING.includes(ticket.status)) return accept;
  if (body.queueId !== undefined && body.queueId !== ticket.queueId && ticket.status !== 'closed')
    return transfer;
  if (body.status === 'pending' && (ticket.status === 'open' || ticket.status === 'group'))
    return returnToQueue;
  return fields;
}

/**
 * PUT /tickets/:id. One transaction per change (the contact's conversation lock, then the ticket's
 * row); the ticket's messages are read; messages go out and events are sent after the commit.
 */
export async function updateTicket(ctx: Context, id: number, body: UpdateBody): Promise<Ticket> {
  const { db } = ctx;
  const viewer = viewerOf(ctx.actor);
  const row = await findVisibleTicket(ctx, id, viewer);
  const contact = (await q.findContact(db, row.contactId))!;
  const connection = row.whatsappId === null ? undefined : await q.findConnection(db, row.whatsappId);
  const { settings } = ctx.actor;

  const { outcome, before, read } = await db.transaction(async (tx) => {
    await q.lockConversation(tx, contact.number);
    const locked = (await q.lockTicketRow(tx, id))!;
    const transition = classify(locked, body, ctx.actor.userId);
    let zone: Promise<string> | undefined;
    const timeZone = () => {
      zone ??= q.companyTimeZone(tx);
      return zone;
    };
    const result = await transition({
      tx,
      ctx,
      before: locked,
      body,
      contact,
      connection,
      settings,
      timeZone,
    });
    return { outcome: result, before: locked, read: await q.markMessagesRead(tx, locked.id) };
  });

  await deliverQueued({ db, deps: ctx.deps }, before.whatsappId, contact.number, outcome.outgoing);
  const published = new Map<number, Ticket>();
  for (const change of outcome.changed) {
    const ticket = await publishTicket(db, ctx.events, change.id, change.before);
    if (ticket) published.set(ticket.id, ticket);
  }
  for (const message of [...outcome.notes, ...outcome.outgoing]) {
    await publishMessage(db, ctx.events, message.id, 'create');
  }
  await announceRead(ctx, (await q.findTicketRow(db, before.id))!, read);
  // Sending and reading after the commit change no ticket field: the state just published is the answer.
  const ticket = published.get(outcome.answer) ?? (await q.loadTicket(db, outcome.answer));
  return presentTicket(ticket!, ctx.actor, settings.lgpdHideNumber === 'enabled');
}

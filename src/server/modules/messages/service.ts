import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  hidesDeletedContent,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGES_PAGE_SIZE,
  type Message,
  type messagesRoutes,
  shownMessage,
} from '../../../shared/api/messages';
import { VALIDATION } from '../../../shared/errors';
import { mediaTypeOf } from '../../../shared/media-type';
import { hasReplyWindow, replyWindowOpen } from '../../../shared/reply-window';
import { signBody } from '../../../shared/signature';
import { attendedStatus } from '../../../shared/ticket-visibility';
import type { Actor } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { recordCreated } from '../tickets/history-queries';
import { publishMessage, publishTicket } from '../tickets/publish';
import * as tq from '../tickets/queries';
import {
  findVisibleTicket,
  findVisibleTicketByUuid,
  markTicketRead,
  visibleOrRefused,
} from '../tickets/service';
import { findMedia, forgetDeletedMedia, removeMedia, storeMedia } from './media-store';
import { type Outgoing, provisionalWid, requireDriver, sendOut, storeNote } from './outbound';
import * as q from './queries';
import { formatBody } from './variables';

type SendBody = z.output<(typeof messagesRoutes)['send']['body']>;
type ListQuery = z.output<(typeof messagesRoutes)['list']['query']>;

/** A message of the caller's company whose ticket the caller may see. */
async function findVisibleMessage(ctx: Context, id: number) {
  const message = await q.findMessageRow(ctx.db, id);
  if (!message) throw notFound('ERR_NOT_FOUND');
  const ticket = await findVisibleTicket(ctx, message.ticketId);
  return { message, ticket };
}

/** `selectedQueues` arrives as JSON text: messages of those queues, and those without one. */
function queueFilter(selected: string | undefined): SQL | undefined {
  if (!selected) return undefined;
  let ids: number[];
  try {
    const parsed: unknown = JSON.parse(selected);
    ids = (Array.isArray(parsed) ? parsed : [parsed]).map(Number).filter(Number.isInteger);
  } catch {
    throw new AppError('Invalid list', 400);
  }
  return ids.length ? q.ofQueues(ids) : undefined;
}

/**
 * GET /messages/:ticketUuid: 20 a page counted from the newest, each page in chronological order; reading
 * marks the ticket read. With enableLGPD and lgpdDeleteMessage, deleted messages lose their content.
 */
export async function listMessages(ctx: Context, uuid: string, query: ListQuery) {
  const offset = (query.pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const found = await q.findChatPage(ctx.db, uuid, queueFilter(query.selectedQueues), {
    limit: MESSAGES_PAGE_SIZE,
    offset,
    cursor: query.cursor,
  });
  // No message on this page (or no such ticket): the ticket on its own.
  const ticket = found.ticket
    ? visibleOrRefused(ctx, found.ticket)
    : await findVisibleTicketByUuid(ctx, uuid);
  // Read with the page, marked read after it: what it received now reads as read.
  const marked = await markTicketRead(ctx, ticket);
  const present = messagePresenter(ctx.actor);
  const shown = found.messages.reverse().map((m) => present(marked && !m.fromMe ? { ...m, read: true } : m));
  return { messages: shown, hasMore: found.hasMore, cursor: found.cursor };
}

/** Messages as `actor` may read them: with enableLGPD and lgpdDeleteMessage, deleted ones lose their content. */
export function messagePresenter({ settings }: Actor) {
  const hidesDeleted = hidesDeletedContent(settings);
  return (m: Message): Message => shownMessage(m, hidesDeleted);
}

function vCardText(card: { name: string; number: string }) {
  return `BEGIN:VCARD\nVERSION:3.0\nN:${card.name}\nFN:${card.name}\nTEL;type=CELL;waid=${card.number}:+${card.number}\nEND:VCARD`;
}

export interface OutgoingItem {
  out: Outgoing;
  row: Omit<q.NewMessage, 'companyId' | 'wid' | 'ticketId'>;
  /** What the inbox shows as the ticket's last message. */
  preview: string;
  /** Stored, and sent as the message's media (`out` leaves it out: its bytes are read only to send). */
  file?: Omit<ReceivedFile, 'field' | 'head'>;
}

/** Where a message is sent from: the company's data, the server, and the events sent once it is stored. */
export type SendScope = Pick<Context, 'db' | 'deps' | 'events'>;

/**
 * 1-attendance §2: on Facebook, Instagram and the Cloud API nothing but a template goes to a contact who
 * last wrote more than 24 h ago (the channel would refuse it).
 */
export async function assertReplyWindow(
  ctx: Pick<Context, 'db'>,
  conversation: Pick<tq.TicketRow, 'channel' | 'contactId' | 'whatsappId'>,
) {
  if (!hasReplyWindow(conversation.channel)) return;
  const last = await q.lastReceivedAt(ctx.db, conversation);
  if (!replyWindowOpen(last?.getTime() ?? null, Date.now()))
    throw new AppError('ERR_REPLY_WINDOW_CLOSED', 400);
}

/**
 * The messages a text with files makes: one per file with the text as its caption (the text alone without
 * files). A client id names each of several files apart.
 */
export function outgoingItems(
  base: OutgoingItem['row'],
  text: string,
  files: ReceivedFile[],
  extra: { quotedWid?: string; clientId?: string } = {},
): OutgoingItem[] {
  const { quotedWid, clientId } = extra;
  if (files.length === 0) {
    return [{ out: { body: text, quotedWid }, row: { ...base, clientId, body: text }, preview: text }];
  }
  const trimmed = text.trim();
  return files.map((file, i) => ({
    file,
    out: { body: trimmed, quotedWid },
    row: {
      ...base,
      clientId: clientId && (files.length > 1 ? `${clientId}:${i}` : clientId),
      body: trimmed || file.filename,
      mediaType: mediaTypeOf(file.mimetype),
    },
    preview: file.filename,
  }));
}

/**
 * Stores and sends one message. The row is written first (so a repeated clientId finds it and sends
 * nothing), then sent, then given the channel's id with the ticket's last message in one transaction. A
 * failed send removes the row.
 */
export async function sendItem(
  scope: SendScope,
  ticket: tq.TicketRow,
  to: string,
  item: OutgoingItem,
): Promise<Message> {
  const { db } = scope;
  const { media } = scope.deps;
  const { companyId } = db;
  const mediaUrl = item.file ? await storeMedia(media, companyId, item.file) : null;
  const reserved = await q.insertMessageOnce(db, {
    ...item.row,
    wid: provisionalWid(),
    ticketId: ticket.id,
    mediaUrl,
  });
  if (!reserved) {
    await removeMedia(media, companyId, [mediaUrl]);
    const existing = await q.findMessageByClientId(db, item.row.clientId!);
    return (await q.loadMessage(db, existing!.id))!;
  }
  let wid: string;
  try {
    // The channel takes a file whole: read from the upload (or the store) only now, within its size cap.
    const { file } = item;
    const out = file
      ? { ...item.out, media: { filename: file.filename, mimetype: file.mimetype, data: await file.read() } }
      : item.out;
    wid = await sendOut(scope.deps, ticket.whatsappId, to, out);
  } catch (err) {
    await q.deleteMessageRow(db, reserved.id);
    await removeMedia(media, companyId, [mediaUrl]);
    throw err;
  }
  await db.transaction(async (tx) => {
    await q.updateMessageRow(tx, reserved.id, { wid });
    await tq.updateTicketRow(tx, ticket.id, { lastMessage: item.preview });
  });
  await publishTicket(scope.db, scope.events, ticket.id);
  return (await publishMessage(scope.db, scope.events, reserved.id, 'create'))!;
}

/**
 * 1-attendance §5: the message variables in what an attendant sends (a quick message's text, or typed),
 * filled for this ticket; a text without any is read nothing for.
 */
async function withVariables(ctx: Context, ticket: tq.TicketRow, contact: tq.ContactRow, text: string) {
  if (!text.includes('{{')) return text;
  const { db } = ctx;
  const [user, queue, connection, timeZone] = await Promise.all([
    tq.findUserOfCompany(db, ctx.actor.userId),
    ticket.queueId === null ? undefined : tq.findQueue(db, ticket.queueId),
    ticket.whatsappId === null ? undefined : tq.findConnection(db, ticket.whatsappId),
    tq.companyTimeZone(db),
  ]);
  return formatBody(text, {
    contactName: contact.name,
    userName: user?.name,
    ticketId: ticket.id,
    queueName: queue?.name,
    connectionName: connection?.name,
    timeZone,
  });
}

/**
 * POST /messages/:ticketId: text, files (`medias`, `body` as caption) or a contact card, sent through the
 * ticket's connection; private notes are stored only.
 */
export async function sendMessage(ctx: Context, ticketId: number, body: SendBody, files: ReceivedFile[]) {
  const { userId } = ctx.actor;
  const ticket = await findVisibleTicket(ctx, ticketId);
  const medias = files.filter((f) => f.field === 'medias');
  const text = body.body.trim();
  // 1-attendance §5: an empty (trimmed) message is not sent.
  if (!text && medias.length === 0 && !body.vCard) throw new AppError(VALIDATION.required, 400);

  if (body.isPrivate) {
    const note =
      (await storeNote(ctx.db, ticket, body.body, userId, body.clientId)) ??
      (await q.findMessageByClientId(ctx.db, body.clientId!));
    return (await publishMessage(ctx.db, ctx.events, note!.id, 'create'))!;
  }

  await requireDriver(ctx.deps, ticket.whatsappId);
  await assertReplyWindow(ctx, ticket);
  const contact = (await tq.findContact(ctx.db, ticket.contactId))!;
  const written = await withVariables(ctx, ticket, contact, body.body);
  const quoted = body.quotedMsg ? await q.findMessageRow(ctx.db, body.quotedMsg.id) : undefined;
  if (body.quotedMsg && quoted?.ticketId !== ticket.id) throw notFound('ERR_NOT_FOUND');
  const base = {
    contactId: ticket.contactId,
    queueId: ticket.queueId,
    userId,
    fromMe: true,
    read: true,
    quotedMsgId: quoted?.id ?? null,
  };
  const quotedWid = quoted?.wid;

  const items: OutgoingItem[] =
    body.vCard && medias.length === 0
      ? [
          {
            out: { body: '', vCard: body.vCard, quotedWid },
            row: {
              ...base,
              clientId: body.clientId,
              body: vCardText(body.vCard),
              mediaType: 'contactMessage',
            },
            preview: vCardText(body.vCard),
          },
        ]
      : outgoingItems(base, written, medias, { quotedWid, clientId: body.clientId });

  let last: Message | undefined;
  for (const item of items) last = await sendItem(ctx, ticket, contact.number, item);
  return last!;
}

/** POST /messages/edit/:messageId: the caller's own messages, within 15 minutes (1-attendance §4). */
export async function editMessage(ctx: Context, id: number, body: string) {
  const { message, ticket } = await findVisibleMessage(ctx, id);
  if (!message.fromMe || message.userId !== ctx.actor.userId || message.isDeleted) throw forbidden();
  if (Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) {
    throw new AppError('ERR_EDIT_WINDOW_EXPIRED', 400);
  }
  if (!message.isPrivate) {
    const driver = await requireDriver(ctx.deps, ticket.whatsappId);
    const contact = (await tq.findContact(ctx.db, ticket.contactId))!;
    await driver.edit(contact.number, message.wid, body).catch((err: unknown) => {
      ctx.deps.log.warn({ err, messageId: id }, 'editing a message failed');
      throw new AppError('ERR_SENDING_WAPP_MSG', 502);
    });
  }
  await q.updateMessageRow(ctx.db, message.id, { body, isEdited: true });
  return (await publishMessage(ctx.db, ctx.events, message.id, 'update'))!;
}

/** DELETE /messages/:messageId: the caller's own messages; the channel deletes it for the contact too. */
export async function deleteMessage(ctx: Context, id: number) {
  const { message, ticket } = await findVisibleMessage(ctx, id);
  if (!message.fromMe || message.userId !== ctx.actor.userId) throw forbidden();
  if (!message.isPrivate && !message.isDeleted) {
    const driver = await requireDriver(ctx.deps, ticket.whatsappId);
    const contact = (await tq.findContact(ctx.db, ticket.contactId))!;
    await driver.delete(contact.number, message.wid).catch((err: unknown) => {
      ctx.deps.log.warn({ err, messageId: id }, 'deleting a message failed');
      throw new AppError('ERR_DELETE_WAPP_MSG', 502);
    });
  }
  await q.updateMessageRow(ctx.db, message.id, { isDeleted: true });
  await forgetDeletedMedia(ctx.deps.media, ctx.actor.companyId, ctx.actor.settings, [message]);
  return (await publishMessage(ctx.db, ctx.events, message.id, 'update'))!;
}

/**
 * POST /message/forward: the message goes to the contact's ticket going on over the same connection, or
 * a new one opened for the caller; it is marked forwarded.
 */
export async function forwardMessage(
  ctx: Context,
  input: { messageId: number; contactId: number; signMessage: boolean },
) {
  const { media } = ctx.deps;
  const { companyId, userId } = ctx.actor;
  const { message: source, ticket: sourceTicket } = await findVisibleMessage(ctx, input.messageId);
  const contact = await tq.findContact(ctx.db, input.contactId);
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
  await requireDriver(ctx.deps, sourceTicket.whatsappId);
  const connection = (await tq.findConnection(ctx.db, sourceTicket.whatsappId!))!;
  await assertReplyWindow(ctx, {
    channel: connection.channel,
    contactId: contact.id,
    whatsappId: connection.id,
  });

  const target = await ctx.db.transaction(async (tx) => {
    await tq.lockConversation(tx, contact.number);
    const going = await tq.newestTicketOf(tx, contact.id, connection.id, tq.ACTIVE_STATUSES);
    if (going) return going;
    const created = await tq.insertTicketRow(tx, {
      contactId: contact.id,
      whatsappId: connection.id,
      userId,
      status: attendedStatus(contact),
      channel: connection.channel,
      isGroup: contact.isGroup,
    });
    await recordCreated(tx, [created], { userId });
    return created;
  });

  const body = input.signMessage
    ? signBody((await tq.findUserOfCompany(ctx.db, userId))?.name ?? '', source.body)
    : source.body;
  const stored = source.mediaUrl ? await findMedia(media, companyId, source.mediaUrl) : undefined;
  return sendItem(ctx, target, contact.number, {
    file: stored && { ...stored, filename: source.mediaUrl!, mimetype: stored.type },
    out: { body },
    row: {
      contactId: contact.id,
      queueId: target.queueId,
      userId,
      fromMe: true,
      read: true,
      body,
      mediaType: source.mediaType,
      isForwarded: true,
    },
    preview: stored ? source.mediaUrl! : body,
  });
}

/**
 * GET /messages/media/:messageId: the stored file, to users who may see the message's ticket (the chat's
 * rule); a message deleted under LGPD (enableLGPD and lgpdDeleteMessage) has no file any more.
 */
export async function mediaOf(ctx: Context, id: number) {
  const { message } = await findVisibleMessage(ctx, id);
  if (message.isDeleted && hidesDeletedContent(ctx.actor.settings)) throw notFound('ERR_NOT_FOUND');
  const found = message.mediaUrl && (await findMedia(ctx.deps.media, message.companyId, message.mediaUrl));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

import { randomUUID } from 'node:crypto';
import type { MessageTemplate } from '../../../shared/api/graph';
import { mediaTypeOf } from '../../../shared/media-type';
import type { ChannelDriver, OutboundMedia, TemplateValues } from '../../channels/driver';
import { AppError } from '../../platform/app-error';
import type { Context, ServerDeps } from '../../platform/deps';
import type { TenantDb } from '../../platform/tenant';
import type { TicketRow } from '../tickets/queries';
import { findMedia } from './media-store';
import { insertMessageOnce, insertMessages, type MessageRow, updateMessageRow } from './queries';

/** What goes out to a contact: text, one file (with the body as caption), a contact card or a template. */
export interface Outgoing {
  body: string;
  media?: Omit<OutboundMedia, 'caption'>;
  vCard?: { name: string; number: string };
  template?: { template: MessageTemplate; values: TemplateValues };
  quotedWid?: string;
  /** The same for every try of one send (see SendOptions.idempotencyKey). */
  idempotencyKey?: string;
}

/** A message stored before the channel gave it an id: the id is ours until the send answers. */
export const provisionalWid = () => `local:${randomUUID()}`;

/**
 * The connection's driver when it is up (1-attendance §8 ERR_WAPP_NOT_INITIALIZED otherwise): here, or for
 * the Graph API's channels wherever it runs (see ChannelRegistry.sendingDriver).
 */
export async function requireDriver(deps: ServerDeps, whatsappId: number | null): Promise<ChannelDriver> {
  const driver = whatsappId === null ? undefined : await deps.channels.sendingDriver(whatsappId);
  if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
  return driver;
}

/** Sends through the ticket's connection and answers the channel's message id. */
export async function sendOut(deps: ServerDeps, whatsappId: number | null, to: string, out: Outgoing) {
  const driver = await requireDriver(deps, whatsappId);
  const options = { quotedId: out.quotedWid, idempotencyKey: out.idempotencyKey };
  try {
    if (out.media)
      return (await driver.sendMedia(to, { ...out.media, caption: out.body || undefined }, options)).id;
    if (out.vCard) return (await driver.sendContact(to, out.vCard, options)).id;
    if (out.template) {
      if (!driver.sendTemplate) throw new Error('the channel has no templates');
      return (await driver.sendTemplate(to, out.template.template, out.template.values)).id;
    }
    return (await driver.sendText(to, out.body, options)).id;
  } catch (err) {
    deps.log.warn({ err, whatsappId }, 'sending a message failed');
    throw new AppError('ERR_SENDING_WAPP_MSG', 502);
  }
}

/** A message written on our side of a ticket's conversation (of the handle's company, the ticket's). */
const ownMessage = (ticket: TicketRow, body: string, userId: number | null) => ({
  ticketId: ticket.id,
  contactId: ticket.contactId,
  queueId: ticket.queueId,
  userId,
  body,
  fromMe: true,
  read: true,
});

/** A message stored to be sent once its transaction commits; a file goes with the name it is sent under. */
export type QueuedMessage = MessageRow & { file?: { filename: string; mimetype: string } };

/** Stores a text the server sends on its own account (greeting, farewell, rating, transfer notice). */
export async function queueText(db: TenantDb, ticket: TicketRow, body: string, userId: number | null) {
  const [row] = await queueMessages(db, [{ ticket, body, userId }]);
  return row!;
}

/** Stores a file (already in the media store as `mediaUrl`) the server sends with `body` as its caption. */
export async function queueFile(
  db: TenantDb,
  ticket: TicketRow,
  body: string,
  file: { mediaUrl: string; filename: string; mimetype: string },
): Promise<QueuedMessage> {
  const [row] = await queueMessages(db, [{ ticket, body, userId: null, file }]);
  return row!;
}

/** A message to queue: a text, or a file already in the media store with the text as its caption. */
export interface ToQueue {
  ticket: TicketRow;
  body: string;
  userId: number | null;
  file?: { mediaUrl: string; filename: string; mimetype: string };
}

/** queueText and queueFile for several messages in one statement (scheduled ones due at once), in order. */
export async function queueMessages(db: TenantDb, items: ToQueue[]): Promise<QueuedMessage[]> {
  if (items.length === 0) return [];
  const values = items.map(({ ticket, body, userId, file }) => ({
    ...ownMessage(ticket, body, userId),
    wid: provisionalWid(),
    ...(file && { mediaUrl: file.mediaUrl, mediaType: mediaTypeOf(file.mimetype) }),
  }));
  const byWid = new Map((await insertMessages(db, values)).map((row) => [row.wid, row]));
  return items.map(({ file }, i) => {
    const row = byWid.get(values[i]!.wid)!;
    return file ? { ...row, file: { filename: file.filename, mimetype: file.mimetype } } : row;
  });
}

/** A private note (isPrivate): stored for the company's users, never sent to the contact. */
export function storeNote(db: TenantDb, ticket: TicketRow, body: string, userId: number, clientId?: string) {
  return insertMessageOnce(db, {
    ...ownMessage(ticket, body, userId),
    wid: `private:${randomUUID()}`,
    clientId,
    isPrivate: true,
  });
}

/**
 * Sends texts stored by `queueText` once their transaction has committed. A connection that is down
 * leaves them unsent (ack 0, the clock icon) rather than undoing the user's action.
 */
export async function deliverQueued(
  ctx: Pick<Context, 'db' | 'deps'>,
  whatsappId: number | null,
  to: string,
  rows: QueuedMessage[],
) {
  const { deps } = ctx;
  for (const row of rows) {
    try {
      const wid = await sendOut(deps, whatsappId, to, {
        body: row.body,
        media: row.file && row.mediaUrl ? await mediaToSend(deps, row, row.file) : undefined,
      });
      await updateMessageRow(ctx.db, row.id, { wid });
    } catch (err) {
      deps.log.warn({ err, messageId: row.id }, 'queued message left unsent');
    }
  }
}

async function mediaToSend(deps: ServerDeps, row: MessageRow, file: NonNullable<QueuedMessage['file']>) {
  const stored = row.mediaUrl && (await findMedia(deps.media, row.companyId, row.mediaUrl));
  if (!stored) throw new Error(`stored file ${row.mediaUrl} is gone`);
  return { filename: file.filename, mimetype: file.mimetype, data: await stored.read() };
}

import { mediaTypeOf } from '../../../shared/media-type';
import type { InboundMedia, InboundMessage } from '../driver';
import { extensionOf, locationBody } from '../message-content';

/**
 * Messenger Platform webhook events (object `page` for Facebook, `instagram` for Instagram): one
 * `entry[].messaging[]` item each. Only the fields this server reads are typed.
 */
export interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  /** Milliseconds since the epoch. */
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    /** Echoes: the app that sent the message (absent when a person wrote in Meta's own inbox). */
    app_id?: number | string;
    /** Instagram: the contact took the message back. */
    is_deleted?: boolean;
    reply_to?: { mid?: string };
    quick_reply?: { payload?: string };
    attachments?: {
      type?: string;
      payload?: { url?: string; title?: string; coordinates?: { lat?: number; long?: number } };
    }[];
  };
  message_edit?: { mid?: string; text?: string };
  postback?: { mid?: string; title?: string; payload?: string };
  reaction?: { mid?: string; action?: 'react' | 'unreact'; emoji?: string; reaction?: string };
  /** Messenger: the messages delivered (`mids`), or all up to `watermark` (ms). */
  delivery?: { mids?: string[]; watermark?: number };
  /** Messenger: read up to `watermark` (ms); Instagram: the message `mid` was seen. */
  read?: { watermark?: number; mid?: string };
}

/** What one messaging event means for the server. */
export type MessengerAction =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'ack'; id: string; ack: number }
  | { kind: 'ackUpTo'; chat: string; until: Date; ack: number }
  | { kind: 'edit'; id: string; body: string }
  | { kind: 'delete'; id: string };

export interface Profile {
  name: string;
  picture?: string;
}

/** The world an event is read against: files, profiles and what this server sent itself. */
export interface MessengerContext {
  /** An attachment's bytes (the CDN link of the payload). */
  download(url: string): Promise<{ data: Buffer; mimetype: string }>;
  /** The contact's name and picture, or undefined when the Graph API does not tell. */
  profile(id: string): Promise<Profile | undefined>;
  /** A message this server sent: its echo is dropped. */
  sentHere(mid: string): boolean;
  /** The Meta app of this server: echoes of its sends carry its id. */
  appId: string | undefined;
  onMediaError?(error: unknown, mid: string): void;
}

const FILE_ATTACHMENTS = new Set(['image', 'video', 'audio', 'file']);
const DELIVERED = 2;
const READ = 3;

/** The file name of a received attachment: the link's own when it has one, else the message id. */
function fileNameOf(url: string, mimetype: string, fallback: string) {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return /^[\w.-]{1,100}\.[a-z0-9]{1,8}$/i.test(last) ? last : `${fallback}.${extensionOf(mimetype)}`;
}

async function attachmentMedia(
  url: string,
  id: string,
  ctx: MessengerContext,
): Promise<InboundMedia | undefined> {
  try {
    const { data, mimetype } = await ctx.download(url);
    return { type: mediaTypeOf(mimetype), filename: fileNameOf(url, mimetype, id), mimetype, data };
  } catch (error) {
    ctx.onMediaError?.(error, id);
    return undefined;
  }
}

type Attachment = NonNullable<NonNullable<MessagingEvent['message']>['attachments']>[number];

/** One attachment as a message's content: a file, a location, or a link the chat shows as text. */
async function attachmentContent(
  attachment: Attachment,
  id: string,
  ctx: MessengerContext,
): Promise<Pick<InboundMessage, 'body' | 'media' | 'mediaType'> | undefined> {
  const { type = '', payload = {} } = attachment;
  const { url, coordinates } = payload;
  if (type === 'location' && coordinates?.lat !== undefined && coordinates.long !== undefined) {
    return {
      body: locationBody(coordinates.lat, coordinates.long, payload.title ?? ''),
      mediaType: 'locationMessage',
    };
  }
  if (!url) return payload.title ? { body: payload.title } : undefined;
  if (!FILE_ATTACHMENTS.has(type)) return { body: payload.title ? `${payload.title}\n${url}` : url };
  const media = await attachmentMedia(url, id, ctx);
  return media ? { body: '', media } : { body: url };
}

/** A message event as messages: the text, then one per attachment (ids after the first get `:n`). */
async function readMessage(
  event: MessagingEvent,
  base: Omit<InboundMessage, 'id' | 'body'>,
  ctx: MessengerContext,
) {
  const message = event.message!;
  const mid = message.mid!;
  const quotedId = message.reply_to?.mid;
  const actions: MessengerAction[] = [];
  const push = (id: string, content: Pick<InboundMessage, 'body' | 'media' | 'mediaType'>) =>
    actions.push({ kind: 'message', message: { ...base, id, quotedId, ...content } });
  if (message.text) push(mid, { body: message.text });
  for (const [i, attachment] of (message.attachments ?? []).entries()) {
    const id = actions.length === 0 ? mid : `${mid}:${i + 1}`;
    const content = await attachmentContent(attachment, id, ctx);
    if (content) push(id, content);
  }
  return actions;
}

/**
 * One Messenger or Instagram webhook event as what the server does with it (docs/behaviour.md "Inbound message
 * pipeline" 1): messages, attachments, replies to buttons and reactions for the pipeline; deliveries and
 * reads as acks; echoes of this server's own sends dropped, those a person sent from Meta's inbox kept
 * as ours.
 */
export async function readMessagingEvent(
  event: MessagingEvent,
  ctx: MessengerContext,
): Promise<MessengerAction[]> {
  const sender = event.sender?.id;
  const recipient = event.recipient?.id;
  if (!sender || !recipient) return [];
  const at = new Date(event.timestamp ?? Date.now());

  if (event.delivery) {
    const { mids, watermark } = event.delivery;
    if (mids?.length) return mids.map((id) => ({ kind: 'ack', id, ack: DELIVERED }));
    return watermark ? [{ kind: 'ackUpTo', chat: sender, until: new Date(watermark), ack: DELIVERED }] : [];
  }
  if (event.read) {
    const { mid, watermark } = event.read;
    if (mid) return [{ kind: 'ack', id: mid, ack: READ }];
    return watermark ? [{ kind: 'ackUpTo', chat: sender, until: new Date(watermark), ack: READ }] : [];
  }
  if (event.message_edit?.mid) {
    return [{ kind: 'edit', id: event.message_edit.mid, body: event.message_edit.text ?? '' }];
  }

  const message = event.message;
  const echo = Boolean(message?.is_echo);
  if (message?.mid && echo) {
    const ours = ctx.appId !== undefined && String(message.app_id ?? '') === ctx.appId;
    if (ours || ctx.sentHere(message.mid)) return [];
  }
  if (message?.mid && message.is_deleted) return [{ kind: 'delete', id: message.mid }];

  // On an echo the contact is the recipient; the profile is the contact's either way.
  const contact = echo ? recipient : sender;
  const profile = await ctx.profile(contact);
  const base = {
    from: contact,
    fromMe: echo,
    timestamp: at,
    pushName: profile?.name,
    profilePicture: profile?.picture,
  };

  if (message?.mid) return readMessage(event, base, ctx);
  if (event.postback) {
    const { mid, title, payload } = event.postback;
    const body = title || payload;
    // Postbacks of old buttons come without a mid: their time stands in, which stays the same on a redelivery.
    return body
      ? [{ kind: 'message', message: { ...base, id: mid ?? `postback:${contact}:${at.getTime()}`, body } }]
      : [];
  }
  const reaction = event.reaction;
  // An unreact takes an earlier reaction back: nothing to show (as on WhatsApp).
  if (reaction?.mid && reaction.action === 'react') {
    return [
      {
        kind: 'message',
        message: {
          ...base,
          id: `reaction:${contact}:${reaction.mid}:${at.getTime()}`,
          body: reaction.emoji || reaction.reaction || '',
          mediaType: 'reactionMessage',
          quotedId: reaction.mid,
        },
      },
    ];
  }
  return [];
}

import { mediaTypeOf } from '../../../shared/media-type';
import { digitsOf } from '../../../shared/phone-number';
import type { InboundMessage } from '../driver';
import { extensionOf, locationBody } from '../message-content';
import { contactCard } from '../whatsapp/outbound';

/**
 * WhatsApp Cloud API webhooks (object `whatsapp_business_account`, field `messages`): the `value` of one
 * change. Only the fields this server reads are typed.
 */
export interface CloudValue {
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: CloudMessage[];
  statuses?: {
    id?: string;
    status?: string;
    recipient_id?: string;
    errors?: { code?: number; title?: string }[];
  }[];
}

interface CloudMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

export interface CloudMessage {
  from?: string;
  id?: string;
  /** Seconds since the epoch, as text. */
  timestamp?: string;
  type?: string;
  context?: { id?: string };
  text?: { body?: string };
  image?: CloudMedia;
  video?: CloudMedia;
  audio?: CloudMedia;
  document?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  reaction?: { message_id?: string; emoji?: string };
  button?: { text?: string; payload?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
}

export type CloudAction =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'ack'; id: string; ack: number }
  | { kind: 'failed'; id: string; reason: string };

export interface CloudContext {
  /** A media id's bytes (its URL is asked first, both with the connection's token). */
  download(mediaId: string): Promise<{ data: Buffer; mimetype: string }>;
  onMediaError?(error: unknown, messageId: string): void;
}

const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** 1-attendance §4: 1 sent, 2 delivered, 3 read. */
const ACKS: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

async function mediaContent(message: CloudMessage, ctx: CloudContext) {
  const kind = MEDIA_KINDS.find((k) => message[k]);
  if (!kind) return undefined;
  const file = message[kind]!;
  const caption = file.caption ?? '';
  const body = kind === 'document' ? caption || file.filename || '' : caption;
  if (!file.id) return { body };
  try {
    const { data, mimetype: served } = await ctx.download(file.id);
    const mimetype = (file.mime_type ?? served).split(';')[0]!.trim();
    const filename = file.filename || `${message.id}.${extensionOf(mimetype)}`;
    return { body, media: { type: mediaTypeOf(mimetype), filename, mimetype, data } };
  } catch (error) {
    ctx.onMediaError?.(error, message.id!);
    return { body: body || file.filename || '' };
  }
}

/** What a message says, or undefined for kinds the inbox does not show (unsupported, system, orders…). */
async function readContent(
  message: CloudMessage,
  ctx: CloudContext,
): Promise<Pick<InboundMessage, 'body' | 'media' | 'mediaType' | 'quotedId'> | undefined> {
  if (message.text?.body !== undefined) return { body: message.text.body };
  const media = await mediaContent(message, ctx);
  if (media) return media;
  const { location, reaction } = message;
  if (location?.latitude !== undefined && location.longitude !== undefined) {
    const description = [location.name, location.address].filter(Boolean).join(' - ');
    return {
      body: locationBody(location.latitude, location.longitude, description),
      mediaType: 'locationMessage',
    };
  }
  const cards = (message.contacts ?? []).flatMap((card) => {
    const phone = card.phones?.[0];
    const number = digitsOf(phone?.wa_id ?? phone?.phone ?? '');
    return number ? [contactCard(card.name?.formatted_name ?? number, number)] : [];
  });
  if (cards.length > 0) return { body: cards.join('\n'), mediaType: 'contactMessage' };
  // An empty reaction takes an earlier one back: nothing to show.
  if (reaction) {
    return reaction.emoji
      ? { body: reaction.emoji, mediaType: 'reactionMessage', quotedId: reaction.message_id }
      : undefined;
  }
  const reply =
    message.button?.text ??
    message.button?.payload ??
    message.interactive?.button_reply?.title ??
    message.interactive?.list_reply?.title;
  return reply ? { body: reply } : undefined;
}

/**
 * One Cloud API webhook change as what the server does with it: messages for the pipeline (with the
 * contact's profile name, the files downloaded), statuses as acks. The Cloud API never echoes this
 * server's own sends on this field.
 */
export async function readCloudValue(value: CloudValue, ctx: CloudContext): Promise<CloudAction[]> {
  const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
  const actions: CloudAction[] = [];
  for (const message of value.messages ?? []) {
    if (!message.id || !message.from) continue;
    const content = await readContent(message, ctx);
    if (!content) continue;
    const seconds = Number(message.timestamp);
    actions.push({
      kind: 'message',
      message: {
        id: message.id,
        from: digitsOf(message.from),
        fromMe: false,
        timestamp: seconds ? new Date(seconds * 1000) : new Date(),
        pushName: names.get(message.from) || undefined,
        quotedId: message.context?.id,
        ...content,
      },
    });
  }
  for (const status of value.statuses ?? []) {
    if (!status.id || !status.status) continue;
    const ack = ACKS[status.status];
    if (ack !== undefined) actions.push({ kind: 'ack', id: status.id, ack });
    else if (status.status === 'failed') {
      actions.push({ kind: 'failed', id: status.id, reason: status.errors?.[0]?.title ?? 'failed' });
    }
  }
  return actions;
}

import {
  getContentType,
  normalizeMessageContent,
  proto,
  toNumber,
  type WACallEvent,
  type WAMessage,
  type WAMessageContent,
  type WAMessageKey,
} from 'baileys';
import { mediaTypeOf } from '../../../shared/media-type';
import type { InboundCall, InboundMedia, InboundMessage } from '../driver';
import { extensionOf, locationBody } from '../message-content';
import { isBroadcast, isGroup, isLid, personOf, phoneOf } from './jid';

/** What one upserted WhatsApp message means for the server. */
export type WhatsappInbound =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'edit'; id: string; body: string }
  | { kind: 'delete'; id: string };

/** The world a message is read against: everything that is not in the message itself. */
export interface ReadContext {
  /** The message's file (Baileys' downloadMediaMessage in the driver). */
  download(message: WAMessage): Promise<Buffer>;
  /** A group's subject ('' when unknown). */
  groupName(jid: string): Promise<string>;
  /** The connected account's number: a message it sent may carry it as the chat's alternative JID. */
  me?: string;
  /** Told when a file could not be downloaded (the message is kept without it). */
  onMediaError?(error: unknown, message: WAMessage): void;
}

interface Content {
  body: string;
  quotedId?: string;
  mediaType?: string;
  media?: InboundMedia;
}

const ProtocolType = proto.Message.ProtocolMessage.Type;

/** Default MIME types, for the rare message that leaves its own out. */
const MEDIA_KINDS = [
  ['imageMessage', 'image/jpeg'],
  ['videoMessage', 'video/mp4'],
  ['audioMessage', 'audio/ogg'],
  ['documentMessage', 'application/octet-stream'],
  ['stickerMessage', 'image/webp'],
] as const;

/** The text a message shows: its body, or a caption. */
function textOf(content: WAMessageContent | null | undefined): string {
  const c = normalizeMessageContent(content);
  return (
    c?.conversation ??
    c?.extendedTextMessage?.text ??
    c?.imageMessage?.caption ??
    c?.videoMessage?.caption ??
    c?.documentMessage?.caption ??
    ''
  );
}

/** The message a reply quotes, from the context info of whatever the message holds. */
function quotedIdOf(content: WAMessageContent) {
  const type = getContentType(content);
  const inner = type ? (content[type] as { contextInfo?: proto.IContextInfo | null } | null) : null;
  return inner?.contextInfo?.stanzaId ?? undefined;
}

function readLocation(content: WAMessageContent) {
  const fixed = content.locationMessage;
  if (fixed) {
    const description = [fixed.name, fixed.address].filter(Boolean).join(' - ');
    return locationBody(fixed.degreesLatitude ?? 0, fixed.degreesLongitude ?? 0, description);
  }
  const live = content.liveLocationMessage;
  if (live) return locationBody(live.degreesLatitude ?? 0, live.degreesLongitude ?? 0, live.caption ?? '');
  return undefined;
}

async function mediaContent(msg: WAMessage, content: WAMessageContent, ctx: ReadContext) {
  for (const [kind, fallback] of MEDIA_KINDS) {
    const file = content[kind];
    if (!file) continue;
    const mimetype = (file.mimetype || fallback).split(';')[0]!.trim();
    const fileName = kind === 'documentMessage' ? content.documentMessage?.fileName : undefined;
    const filename = fileName || `${msg.key.id}.${extensionOf(mimetype)}`;
    const caption = 'caption' in file ? (file.caption ?? '') : '';
    const body = kind === 'documentMessage' ? caption || filename : caption;
    try {
      const data = await ctx.download(msg);
      return { body, media: { type: mediaTypeOf(mimetype), filename, mimetype, data } };
    } catch (error) {
      ctx.onMediaError?.(error, msg);
      return { body: body || filename };
    }
  }
  return undefined;
}

/** What the message says, or undefined for kinds the inbox does not show (polls, stubs, keys…). */
async function readContent(
  msg: WAMessage,
  content: WAMessageContent,
  ctx: ReadContext,
): Promise<Content | undefined> {
  const quotedId = quotedIdOf(content);
  if (content.conversation != null || content.extendedTextMessage) return { body: textOf(content), quotedId };
  const media = await mediaContent(msg, content, ctx);
  if (media) return { ...media, quotedId };
  const location = readLocation(content);
  if (location) return { body: location, mediaType: 'locationMessage', quotedId };
  const cards = content.contactMessage
    ? [content.contactMessage]
    : (content.contactsArrayMessage?.contacts ?? []);
  const vcards = cards.map((card) => card.vcard).filter((v): v is string => Boolean(v));
  if (vcards.length > 0) return { body: vcards.join('\n'), mediaType: 'contactMessage', quotedId };
  const reaction = content.reactionMessage;
  // An empty reaction takes an earlier one back: nothing to show.
  if (reaction) {
    return reaction.text
      ? { body: reaction.text, mediaType: 'reactionMessage', quotedId: reaction.key?.id ?? undefined }
      : undefined;
  }
  const reply =
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.buttonsResponseMessage?.selectedButtonId ??
    content.listResponseMessage?.title ??
    content.listResponseMessage?.singleSelectReply?.selectedRowId ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedId ??
    content.interactiveResponseMessage?.body?.text;
  if (reply) return { body: reply, quotedId };
  return undefined;
}

/**
 * A key's alternative JID (the phone number of a lid, Baileys 7 `remoteJidAlt`/`participantAlt`) when it is
 * the other person's: on a message this account sent it can be the account's own number.
 */
export function usableAlt(jid: string | null | undefined, fromMe: boolean, me: string | undefined) {
  return fromMe && me !== undefined && phoneOf(jid) === me ? undefined : (jid ?? undefined);
}

/** A person WhatsApp shows under both ids: the opaque lid (as stored, `user@lid`) and the phone number. */
export interface Identity {
  lid: string;
  number: string;
}

/** The identity a lid and a phone-number JID make, when they are those two. */
export function identityOf(
  lid: string | null | undefined,
  phone: string | null | undefined,
): Identity | undefined {
  const number = phoneOf(phone);
  return lid && isLid(lid) && number ? { lid: personOf(lid), number } : undefined;
}

/**
 * The identities a message's key reveals: Baileys 7 gives the chat's (and a group member's) other id as
 * `remoteJidAlt` (`participantAlt`), a phone number beside a lid or the other way round. On a message
 * this account sent, an alternative that is the account's own number says nothing about the contact.
 */
export function identitiesOf(key: WAMessageKey, me: string | undefined): Identity[] {
  const fromMe = Boolean(key.fromMe);
  const pairs: [string | null | undefined, string | null | undefined][] = [
    [key.remoteJid, key.remoteJidAlt],
    [key.participant, key.participantAlt],
  ];
  return pairs
    .map(([jid, alt]) => {
      const usable = usableAlt(alt, fromMe, me);
      return isLid(jid) ? identityOf(jid, usable) : identityOf(usable, jid);
    })
    .filter((identity): identity is Identity => identity !== undefined);
}

/**
 * One upserted message as the pipeline's input (docs/behaviour.md "Inbound message pipeline" 1): wrappers
 * (ephemeral, view once, edited, document with caption) opened, edits and revokes told apart,
 * broadcasts and anything without content dropped.
 */
export async function readMessage(msg: WAMessage, ctx: ReadContext): Promise<WhatsappInbound | undefined> {
  const { key } = msg;
  const chat = key.remoteJid;
  if (!chat || !key.id || isBroadcast(chat)) return undefined;
  const content = normalizeMessageContent(msg.message);
  if (!content) return undefined;

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return undefined;
    if (protocol.type === ProtocolType.REVOKE) return { kind: 'delete', id: target };
    if (protocol.type === ProtocolType.MESSAGE_EDIT) {
      return { kind: 'edit', id: target, body: textOf(protocol.editedMessage) };
    }
    return undefined;
  }

  const fromMe = Boolean(key.fromMe);
  const altOf = (jid: string | null | undefined) => usableAlt(jid, fromMe, ctx.me);
  let from: string;
  let group: InboundMessage['group'];
  if (isGroup(chat)) {
    const participant = key.participant || msg.participant;
    if (participant) from = personOf(participant, altOf(key.participantAlt));
    else if (fromMe && ctx.me) from = ctx.me;
    else return undefined;
    group = { id: chat, name: await ctx.groupName(chat) };
  } else {
    from = personOf(chat, altOf(key.remoteJidAlt));
  }

  const read = await readContent(msg, content, ctx);
  if (!read) return undefined;
  const seconds = toNumber(msg.messageTimestamp);
  return {
    kind: 'message',
    message: {
      id: key.id,
      from,
      fromMe,
      timestamp: seconds ? new Date(seconds * 1000) : new Date(),
      body: read.body,
      // On messages from the phone itself, the push name is the account's own.
      pushName: fromMe ? undefined : msg.pushName || undefined,
      media: read.media,
      mediaType: read.mediaType,
      group,
      quotedId: read.quotedId,
    },
  };
}

/** A call being offered to the account; other call updates (ringing, accept, terminate…) are not new calls. */
export function readCall(call: WACallEvent): InboundCall | undefined {
  if (call.status !== 'offer') return undefined;
  return {
    id: call.id,
    from: personOf(call.from, call.callerPn),
    at: new Date(call.date),
    video: Boolean(call.isVideo),
  };
}

import type { MessageTemplate } from '../../shared/api/graph';
import type { CONNECTION_STATUSES } from '../../shared/api/whatsapps';
/**
 * One messaging channel behind one interface (docs/architecture.md "The server's layers"): WhatsApp (Baileys), the Graph API
 * channels and the test driver all look alike to the rest of the server. A chat is addressed by the
 * contact's number (digits) or a group's id, as stored in `contacts.number`.
 */

/** Connection states the connections screen knows (1-attendance §2 shell badge). */
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface OutboundMedia {
  filename: string;
  mimetype: string;
  data: Buffer;
  caption?: string;
  /** Audio recorded in the app: sent as a voice note (WhatsApp PTT) rather than as an audio file. */
  voiceNote?: boolean;
}

export interface SendOptions {
  /** The channel id of the message being answered. */
  quotedId?: string;
  /**
   * The same for every try of one send (a scheduled occurrence): a channel that can sends it once
   * whatever the tries (WhatsApp: the message id; the test channel: answers the first send again).
   */
  idempotencyKey?: string;
}

/** The channel's id of a message this server sent: acks, edits and deletes refer to it. */
export interface Sent {
  id: string;
}

export interface ChannelDriver {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  sendText(to: string, body: string, options?: SendOptions): Promise<Sent>;
  sendMedia(to: string, media: OutboundMedia, options?: SendOptions): Promise<Sent>;
  sendLocation(
    to: string,
    location: { latitude: number; longitude: number; name?: string },
    options?: SendOptions,
  ): Promise<Sent>;
  sendContact(to: string, contact: { name: string; number: string }, options?: SendOptions): Promise<Sent>;
  sendReaction(to: string, messageId: string, emoji: string): Promise<Sent>;
  edit(to: string, messageId: string, body: string): Promise<void>;
  delete(to: string, messageId: string): Promise<void>;
  /** Read receipts for the given received messages. */
  markRead(to: string, messageIds: string[]): Promise<void>;
  /** The number as the channel knows it, or null when it is not on the channel. */
  checkNumber(number: string): Promise<string | null>;
  profilePicture(number: string): Promise<string | null>;
  /** The people the connected account has chats with (POST /contacts/import/chats), where the channel keeps such a list. */
  listChats?(): Promise<{ number: string; name: string }[]>;
  /** Blocks or unblocks a person on the channel itself, where the channel can (WhatsApp). */
  setBlocked?(number: string, blocked: boolean): Promise<void>;
  /** Declines a call still being offered (InboundCall.id), where the channel has calls. */
  rejectCall?(callId: string): Promise<void>;
  /** Ends the login on the channel and forgets it, where the channel has one: the next connect() asks for a new one (QR). */
  logout?(): Promise<void>;
  /** Linking by phone number instead of a QR code, where the channel offers it: the code to type on the phone. */
  requestPairingCode?(phoneNumber: string): Promise<string>;
  /** The connected account's number (digits), where the channel has one. */
  readonly number?: string | undefined;
  /** Approved message templates, where the channel has them (WhatsApp Cloud API). */
  templates?(): Promise<MessageTemplate[]>;
  /** Sends a template with its header's and body's placeholder values (in placeholdersOf order). */
  sendTemplate?(to: string, template: MessageTemplate, values: TemplateValues): Promise<Sent>;
}

export interface TemplateValues {
  header: string[];
  body: string[];
}

export interface InboundMedia {
  /** image, audio, video, application, … (1-attendance §3 mediaType). */
  type: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** A message the channel delivered to us. Drivers never report the messages this server sent. */
export interface InboundMessage {
  /** The channel's message id: unique per company. */
  id: string;
  /** The sender's number (in a group, the member who wrote it). */
  from: string;
  /** Sent from the connected phone itself (another device), not by the contact. */
  fromMe: boolean;
  /** When the channel says it was sent. */
  timestamp: Date;
  body: string;
  pushName?: string;
  /** The sender's picture, where the channel tells it: kept on a contact it creates. */
  profilePicture?: string;
  media?: InboundMedia;
  /** What a message without a file is (1-attendance §3 mediaType): locationMessage, contactMessage, reactionMessage. */
  mediaType?: string;
  /** Set when the message was written in a group: the group is the conversation. */
  group?: { id: string; name: string };
  quotedId?: string;
  /** Status posts and broadcast-list copies: never conversations. */
  broadcast?: boolean;
}

/**
 * A message of the channel's past, handed over after a new login (WhatsApp's history sync) for the
 * history import: cheap to keep, read (its file downloaded) only when it is imported.
 */
export interface HistoryMessage {
  id: string;
  timestamp: Date;
  /** Written in a group. */
  group: boolean;
  /** The message as the pipeline takes it, or undefined when it holds nothing to import. */
  read(): Promise<InboundMessage | undefined>;
}

export interface InboundCall {
  /** The channel's call id (declining refers to it). */
  id: string;
  from: string;
  at: Date;
  video: boolean;
}

/** What a driver reports; the server's handlers return when the event is stored. */
export interface ChannelEvents {
  status(status: ConnectionStatus, qr?: string): Promise<void>;
  /** Answers where it was stored, or undefined when dropped or already stored. */
  inbound(message: InboundMessage): Promise<{ ticketId: number; messageId: number } | undefined>;
  /** Acks 0–5 (1-attendance §4 message states); they only ever increase. */
  ack(messageId: string, ack: number): Promise<void>;
  /** The ack of every message sent to `chat` up to `until` (Messenger's delivery and read watermarks). */
  ackUpTo(chat: string, until: Date, ack: number): Promise<void>;
  edit(messageId: string, body: string): Promise<void>;
  delete(messageId: string): Promise<void>;
  call(call: InboundCall): Promise<void>;
  /** Whether a new login should ask the channel for its history (the connection imports it). */
  wantsHistory?(): Promise<boolean>;
  /** History the channel handed over; `complete` once the channel says it sent all it will. */
  history?(messages: HistoryMessage[], complete: boolean): Promise<void>;
  /**
   * The channel revealed that the person known by an opaque id (a WhatsApp `user@lid`) has this phone
   * number: the two contacts are one (docs/behaviour.md "Inbound message pipeline" 4).
   */
  identified(lid: string, number: string): Promise<void>;
}

/** A connection as a driver needs it. */
export interface ConnectionRef {
  id: number;
  companyId: number;
  channel: string;
  name: string;
}

export type DriverFactory = (connection: ConnectionRef, events: ChannelEvents) => ChannelDriver;

import { randomUUID } from 'node:crypto';
import type {
  ChannelDriver,
  ChannelEvents,
  HistoryMessage,
  InboundMessage,
  OutboundMedia,
  SendOptions,
} from '../driver';

/** What the server sent through a test connection, in order. */
export interface SentRecord {
  id: string;
  kind: 'text' | 'media' | 'location' | 'contact' | 'reaction' | 'edit' | 'delete';
  to: string;
  body: string;
  media?: { filename: string; mimetype: string; size: number };
  quotedId?: string;
  at: string;
}

/** Sends a test connection remembers (the newest): a 10,000-member campaign must not grow the server by its record. */
export const TEST_DRIVER_KEEPS = 1000;

/**
 * Stands in for WhatsApp at the driver boundary (docs/architecture.md "Tests"): records what the server sends
 * (the last TEST_DRIVER_KEEPS sends) and hands inbound messages and acks, given over HTTP by tests, to the
 * server's handlers.
 */
export class TestDriver implements ChannelDriver {
  readonly sent: SentRecord[] = [];
  /** The linked phone's number, once a test logged one in. */
  number: string | undefined;
  /** Whether this login asked the channel for its history (as WhatsApp's does when the connection imports it). */
  private historyWanted = false;

  constructor(private readonly events: ChannelEvents) {}

  async connect() {
    this.historyWanted = (await this.events.wantsHistory?.()) ?? false;
    await this.events.status('CONNECTED');
  }

  /** A phone linked to the connection: its number is the account's. */
  async login(number: string) {
    this.number = number;
    await this.events.status('CONNECTED');
  }

  /** The channel's past handed over, only to a login that asked for it; answers whether it did. */
  async history(messages: InboundMessage[], complete: boolean) {
    if (!this.historyWanted) return false;
    const past: HistoryMessage[] = messages.map((message) => ({
      id: message.id,
      timestamp: message.timestamp,
      group: Boolean(message.group),
      read: async () => message,
    }));
    await this.events.history?.(past, complete);
    return true;
  }

  async disconnect() {
    await this.events.status('DISCONNECTED');
  }

  /** What each idempotency key of the kept sends sent: a retried send answers the same id and records nothing. */
  private readonly byKey = new Map<string, string>();
  private readonly keyOf = new Map<string, string>();

  private record(
    kind: SentRecord['kind'],
    to: string,
    body: string,
    extra: Partial<SentRecord> = {},
    key?: string,
  ) {
    const seen = key === undefined ? undefined : this.byKey.get(key);
    if (seen) return { id: seen };
    const record: SentRecord = {
      id: `test-out-${randomUUID()}`,
      kind,
      to,
      body,
      at: new Date().toISOString(),
      ...extra,
    };
    this.sent.push(record);
    if (key !== undefined) {
      this.byKey.set(key, record.id);
      this.keyOf.set(record.id, key);
    }
    if (this.sent.length > TEST_DRIVER_KEEPS) {
      const oldest = this.sent.shift()!;
      const oldKey = this.keyOf.get(oldest.id);
      this.keyOf.delete(oldest.id);
      if (oldKey !== undefined) this.byKey.delete(oldKey);
    }
    return { id: record.id };
  }

  async sendText(to: string, body: string, options: SendOptions = {}) {
    return this.record('text', to, body, { quotedId: options.quotedId }, options.idempotencyKey);
  }

  async sendMedia(to: string, media: OutboundMedia, options: SendOptions = {}) {
    return this.record(
      'media',
      to,
      media.caption ?? '',
      {
        media: { filename: media.filename, mimetype: media.mimetype, size: media.data.length },
        quotedId: options.quotedId,
      },
      options.idempotencyKey,
    );
  }

  async sendLocation(to: string, location: { latitude: number; longitude: number; name?: string }) {
    return this.record('location', to, `${location.latitude},${location.longitude}`);
  }

  async sendContact(to: string, contact: { name: string; number: string }, options: SendOptions = {}) {
    return this.record('contact', to, `${contact.name} ${contact.number}`, { quotedId: options.quotedId });
  }

  async sendReaction(to: string, messageId: string, emoji: string) {
    return this.record('reaction', to, emoji, { quotedId: messageId });
  }

  async edit(to: string, messageId: string, body: string) {
    this.record('edit', to, body, { quotedId: messageId });
  }

  async delete(to: string, messageId: string) {
    this.record('delete', to, '', { quotedId: messageId });
  }

  async markRead() {}

  async checkNumber(number: string) {
    return number;
  }

  async profilePicture() {
    return null;
  }

  /** The people who wrote through this connection, as the phone's chat list would hold them. */
  private readonly chats = new Map<string, string>();

  async listChats() {
    return [...this.chats].map(([number, name]) => ({ number, name }));
  }

  receive(message: InboundMessage) {
    if (!message.group && !message.broadcast) this.chats.set(message.from, message.pushName ?? message.from);
    return this.events.inbound(message);
  }

  ack(messageId: string, ack: number) {
    return this.events.ack(messageId, ack);
  }

  edited(messageId: string, body: string) {
    return this.events.edit(messageId, body);
  }

  deleted(messageId: string) {
    return this.events.delete(messageId);
  }
}

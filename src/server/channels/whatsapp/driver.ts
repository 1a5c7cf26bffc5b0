import makeWASocket, {
  type AnyMessageContent,
  type BaileysEventEmitter,
  type BaileysEventMap,
  DisconnectReason,
  downloadMediaMessage,
  type MiscMessageGenerationOptions,
  makeCacheableSignalKeyStore,
  normalizeMessageContent,
  proto,
  type SocketConfig,
  toNumber,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WASocket,
} from 'baileys';
import { digitsOf } from '../../../shared/phone-number';
import type {
  ChannelDriver,
  ChannelEvents,
  ConnectionRef,
  ConnectionStatus,
  HistoryMessage,
  OutboundMedia,
  SendOptions,
  Sent,
} from '../driver';
import { ackOfReceipt, ackOfStatus } from './acks';
import type { AuthStore, WhatsappAuth } from './auth-state';
import { type Identity, identitiesOf, identityOf, readCall, readMessage, usableAlt } from './inbound';
import { isBroadcast, isGroup, isLid, phoneOf, toJid } from './jid';
import { contactCard, mediaContent, messageIdOf } from './outbound';

/** The part of a Baileys socket the driver uses: tests hand in a fake one. */
export type WhatsappSocket = Pick<
  WASocket,
  | 'sendMessage'
  | 'readMessages'
  | 'sendPresenceUpdate'
  | 'onWhatsApp'
  | 'profilePictureUrl'
  | 'requestPairingCode'
  | 'logout'
  | 'end'
  | 'groupMetadata'
  | 'updateMediaMessage'
  | 'rejectCall'
  | 'updateBlockStatus'
> & {
  ev: BaileysEventEmitter;
  user?: WASocket['user'];
  signalRepository: { lidMapping: Pick<WASocket['signalRepository']['lidMapping'], 'getPNForLID'> };
};

export type SocketMaker = (config: UserFacingSocketConfig) => WhatsappSocket;
export type MediaDownloader = (message: WAMessage, socket: WhatsappSocket) => Promise<Buffer>;
export type WhatsappLogger = SocketConfig['logger'];

export interface ReconnectPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Transient closes in a row before the connection gives up as TIMEOUT. */
  maxAttempts: number;
}

/** 2 s, doubling to 60 s: about 9 minutes of trying before TIMEOUT. */
const DEFAULT_RECONNECT: ReconnectPolicy = {
  firstDelayMs: 2_000,
  maxDelayMs: 60_000,
  maxAttempts: 12,
};

export interface WhatsappDriverOptions {
  connection: ConnectionRef;
  events: ChannelEvents;
  auth: AuthStore;
  logger: WhatsappLogger;
  makeSocket?: SocketMaker;
  download?: MediaDownloader;
  reconnect?: ReconnectPolicy;
}

/** Sending through a connection whose socket is not open (callers answer ERR_WAPP_NOT_INITIALIZED). */
export class WhatsappNotConnectedError extends Error {
  readonly code = 'ERR_WAPP_NOT_INITIALIZED';
  constructor(connectionId: number) {
    super(`WhatsApp connection ${connectionId} is not connected`);
    this.name = 'WhatsappNotConnectedError';
  }
}

/** Closes after which the login is gone: the session is deleted and a new QR code is needed. */
const LOGIN_LOST = new Set<number>([
  DisconnectReason.loggedOut,
  DisconnectReason.forbidden,
  DisconnectReason.multideviceMismatch,
]);

const statusCodeOf = (error: unknown) =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/** Messages kept for quoting, reacting, editing and retries: WhatsApp needs their keys and content. */
const RECENT_MESSAGES = 500;
/** Calls being offered, kept to decline them (a call ends within minutes). */
const OFFERED_CALLS = 100;
/** Identities already reported, so each is told once (the server's merge is idempotent anyway). */
const REPORTED_IDENTITIES = 5_000;

/**
 * One WhatsApp connection over Baileys (2-administration §4.1): OPENING while a socket starts, qrcode
 * with the QR to scan, PAIRING once a code was asked for, CONNECTED when open, DISCONNECTED when the
 * login is gone or the connection was stopped, TIMEOUT after too many failed reconnects. Never more
 * than one socket at a time; reconnects wait 2 s doubling to 60 s.
 */
export class WhatsappDriver implements ChannelDriver {
  private readonly connection: ConnectionRef;
  private readonly events: ChannelEvents;
  private readonly auth: AuthStore;
  private readonly log: WhatsappLogger;
  private readonly makeSocket: SocketMaker;
  private readonly download: MediaDownloader;
  private readonly policy: ReconnectPolicy;

  private socket: WhatsappSocket | undefined;
  private status: ConnectionStatus = 'DISCONNECTED';
  private qr: string | undefined;
  /** Changes when the driver is stopped: a start under way then makes no socket. */
  private generation = 0;
  private starting: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  /** A pairing code was asked for: new QR codes no longer replace the PAIRING status. */
  private pairing = false;
  private loginWaiters: { resolve(): void; reject(error: Error): void }[] = [];
  private readonly recent = new Map<string, WAMessage>();
  /** Call id → the caller's JID as WhatsApp gave it, while the call is being offered. */
  private readonly offeredCalls = new Map<string, string>();
  private readonly reportedIdentities = new Set<string>();
  /** Group subjects, asked once per group (messages read together share the question). */
  private readonly groupNames = new Map<string, Promise<string>>();
  /** Inbound messages are read (files downloaded) in arrival order… */
  private inbox: Promise<void> = Promise.resolve();
  /** …and handed to the pipeline at once; an edit or delete waits until those before it are stored. */
  private stored: Promise<unknown> = Promise.resolve();

  constructor(options: WhatsappDriverOptions) {
    this.connection = options.connection;
    this.events = options.events;
    this.auth = options.auth;
    this.log = options.logger;
    this.makeSocket = options.makeSocket ?? makeWASocket;
    // Files whose link expired are asked again from the phone (reuploadRequest).
    this.download =
      options.download ??
      ((message, socket) =>
        downloadMediaMessage(
          message,
          'buffer',
          {},
          { reuploadRequest: socket.updateMediaMessage, logger: this.log },
        ));
    this.policy = options.reconnect ?? DEFAULT_RECONNECT;
  }

  /** The connected account's number (digits), once open. */
  get number(): string | undefined {
    return phoneOf(this.socket?.user?.id);
  }

  /**
   * Starts a socket unless one is running or starting; a stored login resumes without a QR code. Asked
   * from outside (start-up, the retry button), it also starts the count of failed reconnects over.
   */
  connect(): Promise<void> {
    this.attempts = 0;
    return this.begin();
  }

  private begin(): Promise<void> {
    if (!this.starting) {
      const start = this.start();
      this.starting = start;
      void start.finally(() => {
        if (this.starting === start) this.starting = undefined;
      });
    }
    return this.starting;
  }

  /** Ends the socket and stops reconnecting; the login stays, so connect() resumes it. */
  async disconnect(): Promise<void> {
    const socket = this.stop();
    if (socket)
      await socket.end(undefined).catch((err) => this.log.warn({ err }, 'ending the socket failed'));
    await this.report('DISCONNECTED');
  }

  /** Logs the account out on WhatsApp and deletes the stored login: the next connect() shows a new QR code. */
  async logout(): Promise<void> {
    const socket = this.stop();
    if (socket) {
      await socket.logout().catch(async (err) => {
        this.log.warn({ err }, 'logging out failed; ending the socket');
        await socket.end(undefined).catch(() => undefined);
      });
    }
    await this.auth.clear();
    await this.report('DISCONNECTED');
  }

  /**
   * Pairing by phone number instead of QR: answers the code to type on the phone (Linked devices →
   * Link with phone number). Starts a socket when none runs and waits until it offers a login.
   */
  async requestPairingCode(phoneNumber: string): Promise<string> {
    const digits = digitsOf(phoneNumber);
    if (!digits) throw new Error('a phone number is needed to pair');
    if (this.status === 'CONNECTED') throw new Error('the connection is already logged in');
    await this.connect();
    // From now on the QR codes the socket offers are not shown: the phone links by code.
    this.pairing = true;
    await this.loginOffered();
    const socket = this.socket;
    if (!socket) throw new WhatsappNotConnectedError(this.connection.id);
    const code = await socket.requestPairingCode(digits);
    await this.report('PAIRING');
    return code;
  }

  private async start() {
    if (this.socket) return;
    const generation = this.generation;
    this.clearTimer();
    await this.report('OPENING');
    let auth: WhatsappAuth;
    try {
      auth = await this.auth.load();
    } catch (err) {
      this.log.error({ err }, 'loading the WhatsApp login failed');
      if (generation === this.generation) await this.retry();
      return;
    }
    // History comes once, right after a new login: asked for only when the connection imports it.
    const history = await this.wantsHistory();
    if (generation !== this.generation || this.socket) return;
    const socket = this.makeSocket({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, this.log) },
      logger: this.log,
      // The phone keeps its notifications while this server is linked.
      markOnlineOnConnect: false,
      // Drivers never report the messages this server sent.
      emitOwnEvents: false,
      syncFullHistory: history,
      shouldSyncHistoryMessage: () => history,
      getMessage: async (key) => (key.id ? (this.recent.get(key.id)?.message ?? undefined) : undefined),
    });
    this.socket = socket;
    this.listen(socket, auth);
  }

  private async wantsHistory() {
    try {
      return (await this.events.wantsHistory?.()) ?? false;
    } catch (err) {
      this.log.warn({ err }, 'reading whether to import history failed');
      return false;
    }
  }

  /** Stops everything under way and answers the socket that was running. */
  private stop() {
    this.generation++;
    this.starting = undefined;
    this.clearTimer();
    this.pairing = false;
    const socket = this.socket;
    this.socket = undefined;
    this.failLoginWaiters(new Error('the connection was stopped'));
    return socket;
  }

  private listen(socket: WhatsappSocket, auth: WhatsappAuth) {
    const on = <E extends keyof BaileysEventMap>(
      event: E,
      handle: (arg: BaileysEventMap[E]) => Promise<void> | void,
    ) => {
      socket.ev.on(event, (arg) => {
        // A socket this driver has let go of says nothing any more.
        if (this.socket !== socket) return;
        Promise.resolve()
          .then(() => handle(arg))
          .catch((err) => this.log.error({ err, event }, 'handling a WhatsApp event failed'));
      });
    };
    // Baileys has already merged the update into auth.state.creds.
    on('creds.update', () => auth.saveCreds());
    on('connection.update', (update) => this.onConnectionUpdate(socket, update));
    on('messages.upsert', ({ messages }) => this.enqueue(() => this.receive(socket, messages)));
    on('messages.update', (updates) => this.onMessageUpdates(updates));
    on('message-receipt.update', (receipts) => this.onReceipts(receipts));
    on('call', (calls) => this.onCalls(calls));
    on('messaging-history.set', ({ messages, progress }) =>
      this.onHistory(socket, messages, progress === 100),
    );
    // The recent history is complete (or WhatsApp stopped sending it); the first bootstrap is not the end.
    on('messaging-history.status', async ({ syncType }) => {
      if (syncType !== proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP)
        await this.events.history?.([], true);
    });
    on('lid-mapping.update', ({ lid, pn }) => this.reportIdentities([identityOf(lid, pn)]));
    on('groups.update', (groups) => {
      for (const group of groups) {
        if (group.id && group.subject) this.groupNames.set(group.id, Promise.resolve(group.subject));
      }
    });
  }

  private async onConnectionUpdate(socket: WhatsappSocket, update: BaileysEventMap['connection.update']) {
    if (update.qr) {
      this.resolveLoginWaiters();
      if (!this.pairing) await this.report('qrcode', update.qr);
    }
    if (update.connection === 'open') {
      this.attempts = 0;
      this.pairing = false;
      this.failLoginWaiters(new Error('the connection is already logged in'));
      await this.report('CONNECTED');
    } else if (update.connection === 'close') {
      await this.onClose(socket, update.lastDisconnect?.error);
    }
  }

  private async onClose(socket: WhatsappSocket, error: unknown) {
    if (this.socket !== socket) return;
    const code = statusCodeOf(error);
    const awaitingLogin = this.pairing || this.status === 'qrcode' || this.status === 'PAIRING';
    this.socket = undefined;
    this.pairing = false;
    this.failLoginWaiters(new Error(`the connection closed (${code ?? 'no code'})`));
    this.log.info({ code, err: error }, 'WhatsApp connection closed');
    if (code !== undefined && LOGIN_LOST.has(code)) {
      await this.auth.clear().catch((err) => this.log.error({ err }, 'deleting the WhatsApp login failed'));
      await this.report('DISCONNECTED');
    } else if (
      code === DisconnectReason.connectionReplaced ||
      (code === DisconnectReason.timedOut && awaitingLogin)
    ) {
      // Replaced: another client now holds the session, and taking it back would make the two take
      // turns forever. Timed out while showing QR codes: nobody scanned them; the user asks again.
      await this.report('DISCONNECTED');
    } else if (code === DisconnectReason.restartRequired && this.attempts === 0) {
      // Asked for right after a successful pairing: reconnect at once.
      await this.schedule(0);
    } else {
      await this.retry();
    }
  }

  /** The next reconnect after a failure, or TIMEOUT when there were too many in a row. */
  private retry() {
    if (this.attempts >= this.policy.maxAttempts) return this.report('TIMEOUT');
    const delay = Math.min(this.policy.firstDelayMs * 2 ** this.attempts, this.policy.maxDelayMs);
    this.attempts++;
    return this.schedule(delay);
  }

  private schedule(delay: number) {
    this.clearTimer();
    const generation = this.generation;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (generation === this.generation) void this.begin();
    }, delay);
    return this.report('OPENING');
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Tells the server a status once (the QR only with qrcode: any other status means there is none). */
  private async report(status: ConnectionStatus, qr?: string) {
    if (status === this.status && qr === this.qr) return;
    this.status = status;
    this.qr = qr;
    try {
      await this.events.status(status, qr);
    } catch (err) {
      this.log.error({ err, status }, 'storing the connection status failed');
    }
  }

  private loginOffered() {
    if (this.status === 'qrcode' || this.status === 'PAIRING') return Promise.resolve();
    return new Promise<void>((resolve, reject) => this.loginWaiters.push({ resolve, reject }));
  }

  private resolveLoginWaiters() {
    for (const waiter of this.loginWaiters.splice(0)) waiter.resolve();
  }

  private failLoginWaiters(error: Error) {
    for (const waiter of this.loginWaiters.splice(0)) waiter.reject(error);
  }

  // ——— Inbound

  private enqueue(work: () => Promise<void>) {
    this.inbox = this.inbox.then(work, work);
    return this.inbox;
  }

  private remember(message: WAMessage) {
    const id = message.key.id;
    if (!id || !message.message) return;
    this.recent.delete(id);
    this.recent.set(id, message);
    if (this.recent.size > RECENT_MESSAGES) this.recent.delete(this.recent.keys().next().value!);
  }

  /** Fills in the phone number of @lid senders from Baileys' lid store when the message lacks it. */
  private async withPhoneNumbers(socket: WhatsappSocket, message: WAMessage, me: string | undefined) {
    const { key } = message;
    const fromMe = Boolean(key.fromMe);
    const lookup = async (jid: string | null | undefined, alt: string | undefined) => {
      if (!isLid(jid) || usableAlt(alt, fromMe, me)) return alt;
      const pn = await socket.signalRepository.lidMapping.getPNForLID(jid!).catch(() => null);
      return pn ?? undefined;
    };
    const filled: WAMessageKey = {
      ...key,
      remoteJidAlt: await lookup(key.remoteJid, key.remoteJidAlt),
      participantAlt: await lookup(key.participant, key.participantAlt),
    };
    return { ...message, key: filled };
  }

  private groupName(socket: WhatsappSocket, jid: string) {
    let subject = this.groupNames.get(jid);
    if (!subject) {
      subject = socket.groupMetadata(jid).then(
        (metadata) => metadata.subject,
        (err) => {
          // Asked again with the group's next message.
          this.groupNames.delete(jid);
          this.log.warn({ err, jid }, 'reading a group subject failed');
          return '';
        },
      );
      this.groupNames.set(jid, subject);
    }
    return subject;
  }

  /**
   * An upsert's messages, files downloaded together, then handed on in order: new messages go straight to
   * the pipeline (which keeps their order and stores those arriving together in one batch); an edit or
   * delete first waits for the messages before it to be stored.
   */
  private async receive(socket: WhatsappSocket, messages: WAMessage[]) {
    const identities: Identity[] = [];
    const reader = this.readerOf(socket, identities);
    const read = await Promise.all(
      messages.map((message) => {
        this.remember(message);
        return reader(message);
      }),
    );
    // A lid contact becomes the phone-number one before messages of either are stored.
    await this.reportIdentities(identities);
    for (const item of read) {
      if (!item) continue;
      if (item.kind === 'message') {
        const storing = this.events
          .inbound(item.message)
          .catch((err) => this.log.error({ err, id: item.message.id }, 'storing a WhatsApp message failed'));
        this.stored = Promise.all([this.stored, storing]);
        continue;
      }
      await this.stored;
      const change =
        item.kind === 'edit' ? this.events.edit(item.id, item.body) : this.events.delete(item.id);
      await change.catch((err) =>
        this.log.error({ err, id: item.id }, `storing a WhatsApp ${item.kind} failed`),
      );
    }
  }

  /**
   * How the socket's messages are read: phone numbers of @lid senders filled in, files downloaded; the
   * lid/phone pairs the keys reveal go to `identities` when given.
   */
  private readerOf(socket: WhatsappSocket, identities?: Identity[]) {
    const me = phoneOf(socket.user?.id);
    const context = {
      me,
      download: (message: WAMessage) => this.download(message, socket),
      groupName: (jid: string) => this.groupName(socket, jid),
      onMediaError: (err: unknown, message: WAMessage) =>
        this.log.warn({ err, id: message.key.id }, 'downloading a WhatsApp file failed'),
    };
    return async (message: WAMessage) => {
      try {
        const known = await this.withPhoneNumbers(socket, message, me);
        identities?.push(...identitiesOf(known.key, me));
        return await readMessage(known, context);
      } catch (err) {
        this.log.error({ err, id: message.key.id }, 'reading a WhatsApp message failed');
        return undefined;
      }
    };
  }

  /**
   * A history sync chunk for the import: the chats' messages with when they were sent, each read (its file
   * downloaded) only if the import takes it. Edits, deletes and status posts are not history to import.
   */
  private async onHistory(socket: WhatsappSocket, messages: WAMessage[], complete: boolean) {
    if (!this.events.history) return;
    const reader = this.readerOf(socket);
    const past: HistoryMessage[] = [];
    for (const message of messages) {
      const { id, remoteJid } = message.key;
      const seconds = toNumber(message.messageTimestamp);
      if (!id || !remoteJid || !seconds || isBroadcast(remoteJid)) continue;
      if (normalizeMessageContent(message.message)?.protocolMessage) continue;
      past.push({
        id,
        timestamp: new Date(seconds * 1000),
        group: isGroup(remoteJid),
        read: async () => {
          const item = await reader(message);
          return item?.kind === 'message' ? item.message : undefined;
        },
      });
    }
    await this.events.history(past, complete);
  }

  /** Tells the server of each lid/phone pair once. */
  private async reportIdentities(identities: (Identity | undefined)[]) {
    for (const identity of identities) {
      if (!identity) continue;
      const key = `${identity.lid}>${identity.number}`;
      if (this.reportedIdentities.has(key)) continue;
      this.reportedIdentities.add(key);
      if (this.reportedIdentities.size > REPORTED_IDENTITIES) {
        this.reportedIdentities.delete(this.reportedIdentities.values().next().value!);
      }
      await this.events
        .identified(identity.lid, identity.number)
        .catch((err) => this.log.error({ err, ...identity }, 'merging a lid contact failed'));
    }
  }

  /** Delivery states of the messages this account sent (1:1 chats). */
  private async onMessageUpdates(updates: BaileysEventMap['messages.update']) {
    for (const { key, update } of updates) {
      const ack = ackOfStatus(update.status);
      if (key.id && key.fromMe && ack !== undefined) await this.events.ack(key.id, ack);
    }
  }

  /** Group members' receipts of the messages this account sent. */
  private async onReceipts(receipts: BaileysEventMap['message-receipt.update']) {
    for (const { key, receipt } of receipts) {
      const ack = ackOfReceipt(receipt);
      if (key.id && key.fromMe && ack !== undefined) await this.events.ack(key.id, ack);
    }
  }

  private async onCalls(calls: BaileysEventMap['call']) {
    for (const call of calls) {
      const offered = readCall(call);
      if (!offered) {
        // Ringing goes on; any other update ends the offer.
        if (call.status !== 'ringing') this.offeredCalls.delete(call.id);
        continue;
      }
      this.offeredCalls.set(call.id, call.from);
      if (this.offeredCalls.size > OFFERED_CALLS)
        this.offeredCalls.delete(this.offeredCalls.keys().next().value!);
      await this.events.call(offered);
    }
  }

  // ——— Outbound

  private openSocket(): WhatsappSocket {
    if (!this.socket || this.status !== 'CONNECTED') throw new WhatsappNotConnectedError(this.connection.id);
    return this.socket;
  }

  /** The key of a message of the chat: the real one when it is recent, else built from its id. */
  private keyOf(jid: string, id: string, fromMe: boolean): WAMessageKey {
    return this.recent.get(id)?.key ?? { remoteJid: jid, id, fromMe };
  }

  /** What Baileys quotes: the message itself when recent, else its id with no text. */
  private quoted(jid: string, id: string): WAMessage {
    return (
      this.recent.get(id) ?? { key: { remoteJid: jid, id, fromMe: false }, message: { conversation: '' } }
    );
  }

  private async send(
    to: string,
    content: AnyMessageContent,
    quotedId?: string,
    idempotencyKey?: string,
  ): Promise<Sent> {
    const socket = this.openSocket();
    const jid = toJid(to);
    const options: MiscMessageGenerationOptions = quotedId ? { quoted: this.quoted(jid, quotedId) } : {};
    // The same key is the same message id: a send retried after a crash is one message on the phone.
    if (idempotencyKey) options.messageId = messageIdOf(idempotencyKey);
    const sent = await socket.sendMessage(jid, content, options);
    if (!sent?.key.id) throw new Error('WhatsApp did not take the message');
    this.remember(sent);
    return { id: sent.key.id };
  }

  sendText(to: string, body: string, options: SendOptions = {}) {
    return this.send(to, { text: body }, options.quotedId, options.idempotencyKey);
  }

  sendMedia(to: string, media: OutboundMedia, options: SendOptions = {}) {
    return this.send(to, mediaContent(media), options.quotedId, options.idempotencyKey);
  }

  sendLocation(
    to: string,
    location: { latitude: number; longitude: number; name?: string },
    options: SendOptions = {},
  ) {
    const content = {
      location: {
        degreesLatitude: location.latitude,
        degreesLongitude: location.longitude,
        name: location.name,
      },
    };
    return this.send(to, content, options.quotedId, options.idempotencyKey);
  }

  sendContact(to: string, contact: { name: string; number: string }, options: SendOptions = {}) {
    const vcard = contactCard(contact.name, contact.number);
    const content = {
      contacts: { displayName: contact.name, contacts: [{ displayName: contact.name, vcard }] },
    };
    return this.send(to, content, options.quotedId, options.idempotencyKey);
  }

  sendReaction(to: string, messageId: string, emoji: string) {
    // Reactions mostly answer the contact's messages.
    return this.send(to, { react: { text: emoji, key: this.keyOf(toJid(to), messageId, false) } });
  }

  async edit(to: string, messageId: string, body: string) {
    await this.send(to, { text: body, edit: this.keyOf(toJid(to), messageId, true) });
  }

  /** Deletes for everyone a message this account sent. */
  async delete(to: string, messageId: string) {
    await this.send(to, { delete: this.keyOf(toJid(to), messageId, true) });
  }

  async markRead(to: string, messageIds: string[]) {
    if (messageIds.length === 0) return;
    const socket = this.openSocket();
    const jid = toJid(to);
    await socket.readMessages(messageIds.map((id) => this.keyOf(jid, id, false)));
  }

  /** Typing or recording shown to the contact, for the routing and flows. */
  async sendPresence(to: string, presence: 'composing' | 'recording' | 'paused' | 'available') {
    await this.openSocket().sendPresenceUpdate(presence, toJid(to));
  }

  /** The number as WhatsApp knows it (its digits may differ, e.g. Brazil's ninth digit), or null. */
  async checkNumber(number: string): Promise<string | null> {
    const socket = this.openSocket();
    const jid = toJid(number);
    if (isGroup(jid) || isLid(jid)) return number;
    const [found] = (await socket.onWhatsApp(jid)) ?? [];
    if (!found?.exists) return null;
    return phoneOf(found.jid) ?? null;
  }

  /** Declines a call being offered: the caller's phone stops ringing. A call no longer offered is left. */
  async rejectCall(callId: string) {
    const from = this.offeredCalls.get(callId);
    if (!from) return;
    this.offeredCalls.delete(callId);
    await this.openSocket().rejectCall(callId, from);
  }

  async setBlocked(number: string, blocked: boolean) {
    await this.openSocket().updateBlockStatus(toJid(number), blocked ? 'block' : 'unblock');
  }

  async profilePicture(number: string): Promise<string | null> {
    try {
      return (await this.openSocket().profilePictureUrl(toJid(number), 'image')) ?? null;
    } catch {
      return null;
    }
  }
}

import { EventEmitter } from 'node:events';
import {
  type AuthenticationCreds,
  type BaileysEventEmitter,
  type BaileysEventMap,
  initAuthCreds,
  type SignalDataSet,
  type SignalKeyStore,
  type UserFacingSocketConfig,
  type WAMessage,
} from 'baileys';
import pino from 'pino';
import type { ChannelEvents, ConnectionStatus, InboundCall, InboundMessage } from '../driver';
import type { AuthStore } from '../whatsapp/auth-state';
import type { WhatsappDriverOptions, WhatsappSocket } from '../whatsapp/driver';

/**
 * Stand-ins for the edge of the world in the driver's tests: a Baileys socket that records what it is
 * asked and emits what a test tells it to, a login kept in memory, and the server's handlers recorded.
 */

/** Baileys' errors are Boom errors: the status code is at output.statusCode. */
const boom = (message: string, statusCode: number) =>
  Object.assign(new Error(message), { output: { statusCode } });

export interface Call {
  method: string;
  args: unknown[];
}

/** A Baileys socket without WhatsApp: the same event names and shapes, method calls recorded. */
export class FakeSocket implements WhatsappSocket {
  readonly ev = new EventEmitter() as unknown as BaileysEventEmitter;
  readonly calls: Call[] = [];
  user: WhatsappSocket['user'];
  /** What onWhatsApp answers per JID. */
  readonly registered = new Map<string, string>();
  /** lid JID → phone-number JID, as Baileys' lid store knows them. */
  readonly lids = new Map<string, string>();
  readonly groups = new Map<string, string>();
  pictureUrl: string | undefined = 'https://pps.whatsapp.net/v/t61/photo.jpg';
  /** Set to make the next socket call fail as on a closed socket. */
  failing: Error | undefined;
  private sent = 0;

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]) {
    this.ev.emit(event, arg);
  }

  /** As Baileys does: the creds object it was given is changed, then creds.update says so. */
  updateCreds(update: Partial<AuthenticationCreds>) {
    Object.assign(this.config.auth.creds, update);
    this.emit('creds.update', update);
  }

  showQr(qr: string) {
    this.emit('connection.update', { qr });
  }

  open(me = '5511900001111:7@s.whatsapp.net') {
    this.user = { id: me, name: 'Loja' };
    this.emit('connection.update', { connection: 'open' });
  }

  close(statusCode?: number) {
    const error = statusCode === undefined ? undefined : boom('Connection Closed', statusCode);
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  receive(messages: WAMessage[], type: 'notify' | 'append' = 'notify') {
    this.emit('messages.upsert', { messages, type });
  }

  calledWith(method: string) {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  private record(method: string, args: unknown[]) {
    this.calls.push({ method, args });
    const failing = this.failing;
    if (failing) throw failing;
  }

  sendMessage: WhatsappSocket['sendMessage'] = async (jid, content, options) => {
    this.record('sendMessage', [jid, content, options]);
    this.sent++;
    return {
      key: { remoteJid: jid, fromMe: true, id: `3EB0OUT${this.sent}` },
      message: { conversation: 'sent' },
    };
  };

  readMessages: WhatsappSocket['readMessages'] = async (keys) => {
    this.record('readMessages', [keys]);
  };

  sendPresenceUpdate: WhatsappSocket['sendPresenceUpdate'] = async (type, jid) => {
    this.record('sendPresenceUpdate', [type, jid]);
  };

  onWhatsApp: WhatsappSocket['onWhatsApp'] = async (...jids) => {
    this.record('onWhatsApp', jids);
    return jids.map((jid) => {
      const known = this.registered.get(jid);
      return { jid: known ?? jid, exists: known !== undefined };
    });
  };

  profilePictureUrl: WhatsappSocket['profilePictureUrl'] = async (jid, type) => {
    this.record('profilePictureUrl', [jid, type]);
    if (!this.pictureUrl) throw boom('item-not-found', 404);
    return this.pictureUrl;
  };

  requestPairingCode: WhatsappSocket['requestPairingCode'] = async (phoneNumber) => {
    this.record('requestPairingCode', [phoneNumber]);
    return 'ABCD1234';
  };

  /** As Baileys does: logging out ends the socket with loggedOut. */
  logout: WhatsappSocket['logout'] = async (msg) => {
    this.record('logout', [msg]);
    this.close(401);
  };

  end: WhatsappSocket['end'] = async (error) => {
    this.record('end', [error]);
    this.close(428);
  };

  groupMetadata: WhatsappSocket['groupMetadata'] = async (jid) => {
    this.record('groupMetadata', [jid]);
    const subject = this.groups.get(jid);
    if (subject === undefined) throw boom('item-not-found', 404);
    return { id: jid, subject, owner: undefined, participants: [] };
  };

  updateMediaMessage: WhatsappSocket['updateMediaMessage'] = async (message) => message;

  updateBlockStatus: WhatsappSocket['updateBlockStatus'] = async (jid, action) => {
    this.record('updateBlockStatus', [jid, action]);
  };

  rejectCall: WhatsappSocket['rejectCall'] = async (callId, callFrom) => {
    this.record('rejectCall', [callId, callFrom]);
  };

  signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.lids.get(lid) ?? null },
  };
}

/** A login kept in memory: loaded creds, saves and clears counted. */
export function memoryAuth() {
  const keys = new Map<string, unknown>();
  const auth = { creds: initAuthCreds(), saves: 0, clears: 0, failLoads: 0 };
  const store: AuthStore = {
    load: async () => {
      if (auth.failLoads > 0) {
        auth.failLoads--;
        throw new Error('database unavailable');
      }
      const get = async (type: string, ids: string[]) =>
        Object.fromEntries(
          ids.filter((id) => keys.has(`${type}-${id}`)).map((id) => [id, keys.get(`${type}-${id}`)]),
        );
      const set = async (data: SignalDataSet) => {
        for (const [type, values] of Object.entries(data)) {
          for (const [id, value] of Object.entries(values ?? {})) {
            if (value) keys.set(`${type}-${id}`, value);
            else keys.delete(`${type}-${id}`);
          }
        }
      };
      return {
        state: { creds: auth.creds, keys: { get, set } as SignalKeyStore },
        saveCreds: async () => {
          auth.saves++;
        },
      };
    },
    clear: async () => {
      auth.clears++;
      auth.creds = initAuthCreds();
    },
  };
  return Object.assign(auth, { store });
}

/** The server's side of ChannelEvents, recorded. */
export function recordingEvents() {
  const recorded = {
    statuses: [] as { status: ConnectionStatus; qr?: string }[],
    inbound: [] as InboundMessage[],
    acks: [] as { id: string; ack: number }[],
    edits: [] as { id: string; body: string }[],
    deletes: [] as string[],
    calls: [] as InboundCall[],
    identities: [] as { lid: string; number: string }[],
    /** Every event in order, for ordering checks. */
    log: [] as string[],
  };
  const events: ChannelEvents = {
    status: async (status, qr) => {
      recorded.statuses.push(qr === undefined ? { status } : { status, qr });
    },
    inbound: async (message) => {
      recorded.inbound.push(message);
      recorded.log.push(`inbound ${message.id}`);
      return { ticketId: 1, messageId: recorded.inbound.length };
    },
    ack: async (id, ack) => {
      recorded.acks.push({ id, ack });
    },
    ackUpTo: async () => undefined,
    edit: async (id, body) => {
      recorded.edits.push({ id, body });
      recorded.log.push(`edit ${id}`);
    },
    delete: async (id) => {
      recorded.deletes.push(id);
      recorded.log.push(`delete ${id}`);
    },
    call: async (call) => {
      recorded.calls.push(call);
    },
    identified: async (lid, number) => {
      recorded.identities.push({ lid, number });
      recorded.log.push(`identified ${lid}`);
    },
  };
  return { events, recorded };
}

/** Everything a WhatsappDriver needs, with every socket it makes kept in order. */
export function driverHarness(overrides: Partial<WhatsappDriverOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const auth = memoryAuth();
  const { events, recorded } = recordingEvents();
  const downloads: string[] = [];
  const options: WhatsappDriverOptions = {
    connection: { id: 7, companyId: 3, channel: 'whatsapp', name: 'Loja' },
    events,
    auth: auth.store,
    logger: pino({ level: 'silent' }),
    makeSocket: (config) => {
      const socket = new FakeSocket(config);
      sockets.push(socket);
      return socket;
    },
    download: async (message) => {
      downloads.push(message.key.id!);
      return Buffer.from(`file of ${message.key.id}`);
    },
    ...overrides,
  };
  return {
    options,
    sockets,
    auth,
    recorded,
    downloads,
    /** The socket made last. */
    get socket() {
      const last = sockets.at(-1);
      if (!last) throw new Error('no socket was made');
      return last;
    },
    statuses: () => recorded.statuses.map((s) => s.status),
  };
}

/** Lets the driver's event handlers (promise chains) run to the end. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

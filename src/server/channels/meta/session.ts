import type { FastifyBaseLogger } from 'fastify';
import type { GraphConfig } from '../../platform/config';
import type { ChannelEvents, ConnectionRef, ConnectionStatus } from '../driver';
import { GraphClient } from './graph';

/** What a Graph API connection sends with, as stored on its row (read again on every connect). */
export interface GraphAccount {
  token: string;
  pageId: string | null;
  instagramAccountId: string | null;
  phoneNumberId: string | null;
  wabaId: string | null;
}

export interface GraphDriverOptions {
  connection: ConnectionRef;
  events: ChannelEvents;
  config: GraphConfig;
  /** The connection's account; undefined when the row is gone or holds no token. */
  loadAccount(): Promise<GraphAccount | undefined>;
  log: FastifyBaseLogger;
}

/** Sending something the channel does not offer (editing on Messenger, deleting on the Cloud API…). */
export class UnsupportedOnChannel extends Error {
  constructor(channel: string, what: string) {
    super(`${channel} cannot ${what}`);
    this.name = 'UnsupportedOnChannel';
  }
}

interface Ready {
  account: GraphAccount;
  client: GraphClient;
}

/**
 * What the Graph drivers share: the account and a client for its token, and the session's status. There
 * is no socket: CONNECTED means the token was taken and the webhooks subscribed; a failure leaves the
 * connection DISCONNECTED, for the retry button. Webhooks are read whatever the status.
 */
export class GraphSession {
  private current: Promise<Ready> | undefined;
  private reported: ConnectionStatus | undefined;
  /** Changes with every connect and disconnect: a check that finishes late says nothing any more. */
  private generation = 0;

  constructor(private readonly options: GraphDriverOptions) {}

  /** The account and its client, read once per connect (a webhook may come before connect has). */
  ready(): Promise<Ready> {
    this.current ??= this.load();
    return this.current;
  }

  private async load(): Promise<Ready> {
    const account = await this.options.loadAccount();
    if (!account) throw new Error(`connection ${this.options.connection.id} has no Graph API token`);
    return { account, client: new GraphClient(this.options.config, account.token) };
  }

  /**
   * OPENING, then the account read again and checked with `verify` in the background (a slow or
   * unreachable Graph API never holds up the server's start): CONNECTED, or DISCONNECTED when it fails.
   */
  async connect(verify: (ready: Ready) => Promise<void>) {
    const generation = ++this.generation;
    this.current = undefined;
    await this.report('OPENING');
    void this.check(generation, verify).catch((err: unknown) =>
      this.options.log.error({ err }, 'storing the connection status failed'),
    );
  }

  private async check(generation: number, verify: (ready: Ready) => Promise<void>) {
    let failure: unknown;
    try {
      await verify(await this.ready());
    } catch (err) {
      failure = err ?? new Error('refused');
    }
    if (generation !== this.generation) return;
    if (failure === undefined) return this.report('CONNECTED');
    this.current = undefined;
    const { log, connection } = this.options;
    log.warn({ err: failure, whatsappId: connection.id }, 'the Graph API refused the connection');
    await this.report('DISCONNECTED');
  }

  async disconnect() {
    this.generation++;
    await this.report('DISCONNECTED');
  }

  private async report(status: ConnectionStatus) {
    if (status === this.reported) return;
    this.reported = status;
    await this.options.events.status(status);
  }
}

/** Ids this process sent lately, for dropping their echoes; the oldest go first. */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly max = 1000) {}

  add(id: string) {
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
  }

  has(id: string) {
    return this.ids.has(id);
  }
}

import type { Db } from '../platform/database';
import type { ChannelDriver, ChannelEvents, ConnectionRef, ConnectionStatus, DriverFactory } from './driver';
import { connectedWithHolder } from './leases';

interface Running {
  driver: ChannelDriver;
  status: ConnectionStatus;
}

/**
 * What the server does with what a connection's driver reports (received messages, acks, statuses):
 * modules/messages/inbound.ts builds it and app.ts hands it in, so no channel imports a module.
 */
export type ChannelEventsFor = (connection: ConnectionRef) => ChannelEvents;

interface Channel {
  make: DriverFactory;
  /** Its drivers hold no session (the Graph API's): any server may make one to send or read a webhook. */
  sessionless: boolean;
}

/**
 * A driver for a connection whose session another server runs (Sessions: its calls go there), given the
 * live lease holder just read; undefined when that is nobody else.
 */
export type Forwarder = (connection: ConnectionRef, holder: string | undefined) => ChannelDriver | undefined;

/** The drivers of this process, one per connection, made by the factory of the connection's channel. */
export class ChannelRegistry {
  private channels = new Map<string, Channel>();
  private running = new Map<number, Running>();
  private forward: Forwarder | undefined;

  constructor(
    private readonly db: Db,
    readonly eventsFor: ChannelEventsFor,
  ) {}

  register(channel: string, make: DriverFactory, options: { sessionless?: boolean } = {}) {
    this.channels.set(channel, { make, sessionless: options.sessionless ?? false });
  }

  /** How this process reaches the sessions other servers run. */
  forwardTo(forward: Forwarder) {
    this.forward = forward;
  }

  supports(channel: string) {
    return this.channels.has(channel);
  }

  /** Makes and connects the connection's driver; the registry keeps its last reported status. */
  async start(connection: ConnectionRef): Promise<void> {
    const channel = this.channels.get(connection.channel);
    if (!channel) throw new Error(`no driver for channel ${connection.channel}`);
    await this.stop(connection.id);
    const events = this.eventsFor(connection);
    const entry = { status: 'OPENING' } as Running;
    entry.driver = channel.make(connection, {
      ...events,
      status: async (status, qr) => {
        entry.status = status;
        await events.status(status, qr);
      },
    });
    this.running.set(connection.id, entry);
    await entry.driver.connect();
  }

  /**
   * A driver made for one use and never connected nor kept, for a connection of a session-less channel
   * that does not run here: a webhook that reaches this process, or a send. The echoes of what it sends
   * carry this app's id, so whichever server reads them drops them.
   */
  detached(connection: ConnectionRef): ChannelDriver | undefined {
    const channel = this.channels.get(connection.channel);
    return channel?.sessionless ? channel.make(connection, this.eventsFor(connection)) : undefined;
  }

  /** The driver of a connection that is up here, or undefined. */
  connected(connectionId: number): ChannelDriver | undefined {
    const entry = this.running.get(connectionId);
    return entry?.status === 'CONNECTED' ? entry.driver : undefined;
  }

  /**
   * The driver that sends for a connection: the one running here; for a session-less channel whose
   * connection another server runs (CONNECTED in the database), one made here; for a session another
   * server runs, one that forwards to it. undefined: nobody can send now (ERR_WAPP_NOT_INITIALIZED for
   * callers).
   */
  async sendingDriver(connectionId: number): Promise<ChannelDriver | undefined> {
    const running = this.connected(connectionId);
    if (running) return running;
    const found = await connectedWithHolder(this.db, connectionId);
    if (!found || !this.channels.has(found.connection.channel)) return undefined;
    return this.detached(found.connection) ?? this.forward?.(found.connection, found.holder);
  }

  /** The connection's driver in this process whatever its status (session actions: logout). */
  driverOf(connectionId: number): ChannelDriver | undefined {
    return this.running.get(connectionId)?.driver;
  }

  /** A status the server decided itself (a session stopped here), stored and announced as drivers' are. */
  reportStatus(connection: ConnectionRef, status: ConnectionStatus) {
    return this.eventsFor(connection).status(status);
  }

  async stop(connectionId: number) {
    const entry = this.running.get(connectionId);
    if (!entry) return;
    this.running.delete(connectionId);
    await entry.driver.disconnect();
  }

  async stopAll() {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }
}

declare module '../platform/deps' {
  interface ServerDeps {
    /** The channel drivers of this process (sending, read receipts). */
    channels: ChannelRegistry;
  }
}

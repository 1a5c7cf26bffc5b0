import type { ChannelDriver, ChannelEvents, ConnectionRef, ConnectionStatus, DriverFactory } from './driver';

interface Running {
  driver: ChannelDriver;
  status: ConnectionStatus;
}

/** The drivers of this process, one per connection, made by the factory of the connection's channel. */
export class ChannelRegistry {
  private factories = new Map<string, DriverFactory>();
  private running = new Map<number, Running>();

  register(channel: string, factory: DriverFactory) {
    this.factories.set(channel, factory);
  }

  supports(channel: string) {
    return this.factories.has(channel);
  }

  /** Makes and connects the connection's driver; the registry keeps its last reported status. */
  async start(connection: ConnectionRef, events: ChannelEvents): Promise<void> {
    const factory = this.factories.get(connection.channel);
    if (!factory) throw new Error(`no driver for channel ${connection.channel}`);
    await this.stop(connection.id);
    const entry = { status: 'OPENING' } as Running;
    entry.driver = factory(connection, {
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
   * A driver made for one use and never connected nor kept, for channels whose drivers hold no session
   * (the Graph API's): a webhook that reaches a process where the connection does not run.
   */
  detached(connection: ConnectionRef, events: ChannelEvents): ChannelDriver | undefined {
    return this.factories.get(connection.channel)?.(connection, events);
  }

  /** The driver of a connection that is up, or undefined (ERR_WAPP_NOT_INITIALIZED for callers). */
  connected(connectionId: number): ChannelDriver | undefined {
    const entry = this.running.get(connectionId);
    return entry?.status === 'CONNECTED' ? entry.driver : undefined;
  }

  /** The connection's driver in this process whatever its status (session actions: logout). */
  driverOf(connectionId: number): ChannelDriver | undefined {
    return this.running.get(connectionId)?.driver;
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

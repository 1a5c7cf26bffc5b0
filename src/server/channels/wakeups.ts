import type { Redis } from 'ioredis';
import type { Cluster } from '../platform/redis';

/**
 * Prompt wake-ups for the command table through Redis pub/sub (the table stays the durable record; a
 * lost message only costs the fallback poll): a lease holder is told a command waits for it, and the
 * callers are told an outcome is ready.
 */
export class Wakeups {
  private readonly subscriber: Redis;
  private readonly outcomes = new Map<number, () => void>();
  private readonly commandsChannel: string;
  private readonly outcomesChannel: string;

  constructor(
    private readonly cluster: Cluster,
    owner: string,
    onCommand: () => void,
  ) {
    this.commandsChannel = this.commandsOf(owner);
    this.outcomesChannel = `${cluster.prefix}:command-outcomes`;
    this.subscriber = cluster.redis.duplicate();
    void this.subscriber.subscribe(this.commandsChannel, this.outcomesChannel).catch(() => {});
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.commandsChannel) onCommand();
      else this.outcomes.get(Number(message))?.();
    });
  }

  private commandsOf(owner: string) {
    return `${this.cluster.prefix}:commands:${owner}`;
  }

  /** Resolves when the command's outcome is announced (registered before the command is announced). */
  outcome(id: number) {
    return new Promise<void>((resolve) => this.outcomes.set(id, resolve));
  }

  forget(id: number) {
    this.outcomes.delete(id);
  }

  commandFor(owner: string) {
    return this.publish(this.commandsOf(owner), '1');
  }

  outcomeOf(id: number) {
    return this.publish(this.outcomesChannel, String(id));
  }

  private async publish(channel: string, message: string) {
    // Best effort: the polls find the row anyway.
    await this.cluster.redis.publish(channel, message).catch(() => {});
  }

  close() {
    this.subscriber.disconnect();
  }
}

import { randomBytes } from 'node:crypto';
import type { Cluster } from '../platform/redis';

/** How long a server's word that a user is online lasts in Redis unless it renews it (a crashed server's expires). */
const CLUSTER_TTL_MS = 60_000;

/**
 * Who is online, kept in memory from socket connections and userStatus pings (docs/behaviour.md "Auth and
 * sessions": presence is never written to the users table on every request). With several servers
 * (REDIS_URL) each also keeps in Redis, per user, which servers hold a socket of theirs, each entry
 * expiring unless its server renews it: a user is online when any live server says so.
 */
export class Presence {
  private sockets = new Map<number, number>();
  private lastPing = new Map<number, number>();
  /** This server among those writing presence (entries of a crashed one expire). */
  private readonly server = randomBytes(6).toString('hex');
  private renewal: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly cluster?: Cluster) {
    if (!cluster) return;
    this.renewal = setInterval(() => void this.renew(), CLUSTER_TTL_MS / 3);
    this.renewal.unref();
  }

  private key(userId: number) {
    return `${this.cluster?.prefix}:online:${userId}`;
  }

  connected(userId: number) {
    const count = (this.sockets.get(userId) ?? 0) + 1;
    this.sockets.set(userId, count);
    this.lastPing.set(userId, Date.now());
    if (count === 1) void this.announce([userId]);
  }

  disconnected(userId: number) {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left > 0) {
      this.sockets.set(userId, left);
      return;
    }
    this.sockets.delete(userId);
    void this.cluster?.redis.zrem(this.key(userId), this.server).catch(() => {});
  }

  ping(userId: number) {
    this.lastPing.set(userId, Date.now());
  }

  /** Which of these users are online on any server. */
  async online(userIds: readonly number[]): Promise<Set<number>> {
    const here = userIds.filter((id) => (this.sockets.get(id) ?? 0) > 0);
    const { cluster } = this;
    const elsewhere = userIds.filter((id) => !here.includes(id));
    if (!cluster || elsewhere.length === 0) return new Set(here);
    const pipeline = cluster.redis.pipeline();
    for (const id of elsewhere) pipeline.zcount(this.key(id), Date.now(), '+inf');
    const counts = (await pipeline.exec()) ?? [];
    return new Set([...here, ...elsewhere.filter((_id, i) => Number(counts[i]?.[1] ?? 0) > 0)]);
  }

  private async announce(userIds: number[]) {
    const { cluster } = this;
    if (!cluster || userIds.length === 0) return;
    const until = Date.now() + CLUSTER_TTL_MS;
    const pipeline = cluster.redis.pipeline();
    for (const id of userIds) {
      pipeline.zadd(this.key(id), until, this.server);
      // Entries of stopped servers fall out by score; the key itself goes once nobody renews it.
      pipeline.zremrangebyscore(this.key(id), '-inf', Date.now());
      pipeline.pexpire(this.key(id), CLUSTER_TTL_MS);
    }
    await pipeline.exec().catch(() => {});
  }

  private renew() {
    return this.announce([...this.sockets.keys()]);
  }

  /** A graceful stop: this server's users are no longer online through it. */
  async stop() {
    if (this.renewal) clearInterval(this.renewal);
    const { cluster } = this;
    if (!cluster) return;
    const pipeline = cluster.redis.pipeline();
    for (const id of this.sockets.keys()) pipeline.zrem(this.key(id), this.server);
    await pipeline.exec().catch(() => {});
  }
}

declare module '../platform/deps' {
  interface ServerDeps {
    /** Who is online (userRandom, rotation, the attendants table). */
    presence: Presence;
  }
}

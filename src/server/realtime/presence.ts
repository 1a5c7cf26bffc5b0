/**
 * Who is online, kept in memory from socket connections and userStatus pings (docs/behaviour.md "Auth and
 * sessions": presence is never written to the users table on every request).
 */
export class Presence {
  private sockets = new Map<number, number>();
  private lastPing = new Map<number, number>();

  connected(userId: number) {
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
    this.lastPing.set(userId, Date.now());
  }

  disconnected(userId: number) {
    const left = (this.sockets.get(userId) ?? 1) - 1;
    if (left <= 0) this.sockets.delete(userId);
    else this.sockets.set(userId, left);
  }

  ping(userId: number) {
    this.lastPing.set(userId, Date.now());
  }

  isOnline(userId: number): boolean {
    return (this.sockets.get(userId) ?? 0) > 0;
  }
}

declare module '../platform/deps' {
  interface ServerDeps {
    /** Who is online (userRandom, rotation, the attendants table). */
    presence: Presence;
  }
}

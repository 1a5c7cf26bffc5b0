import { type EventKind, type Publication, type PublishedOf, rooms } from '../../shared/realtime';

/** Where services put realtime events; they are sent only after the action's transaction commits. */
export interface EventSink {
  /** One event of the realtime table (src/shared/realtime.ts), typed by its kind. */
  publish<K extends EventKind>(publication: Publication<K>): void;
  /** The user's access changed (queues, flags, deletion): their sockets reload who they are. */
  viewerChanged(userId: number): void;
  /** The user's sessions but `keep` ended (logout, a login elsewhere, a password change): their sockets go. */
  sessionsEnded(userId: number, keep?: string): void;
}

/** What sends events to the sockets (realtime/server.ts). */
export interface Emitter {
  publish<K extends EventKind>(publication: Publication<K>): void;
  refreshViewers(userId: number): void;
  /** Disconnects the user's sockets but those of session `keep`, after the events published before. */
  endSessions(userId: number, keep?: string): void;
}

/** An event for every socket of the company (those the row's rule lets see it). */
export function toCompany<K extends EventKind>(
  kind: K,
  companyId: number,
  data: PublishedOf<K>,
): Publication<K> {
  return { kind, companyId, to: rooms.company(companyId), data };
}

type Pending =
  | { publication: Publication }
  | { viewerOf: number }
  | { sessionsOf: number; keep: string | undefined };

/** Collects events during a request and flushes them when the handler has succeeded. */
export class BufferedEvents implements EventSink {
  private pending: Pending[] = [];
  publish<K extends EventKind>(publication: Publication<K>) {
    this.pending.push({ publication });
  }
  viewerChanged(userId: number) {
    this.pending.push({ viewerOf: userId });
  }
  sessionsEnded(userId: number, keep?: string) {
    this.pending.push({ sessionsOf: userId, keep });
  }
  flush(emitter: Emitter) {
    for (const e of this.pending) {
      if ('viewerOf' in e) emitter.refreshViewers(e.viewerOf);
      else if ('sessionsOf' in e) emitter.endSessions(e.sessionsOf, e.keep);
      else emitter.publish(e.publication);
    }
    this.pending = [];
  }
}

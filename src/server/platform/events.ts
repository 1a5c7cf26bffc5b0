import type { Actor } from './actor';

/** Who a connected socket is: its user and that user's queues (ticket visibility needs both). */
export interface SocketViewer {
  actor: Actor;
  queueIds: number[];
}

/** What a socket gets for a per-socket event; `undefined` sends it nothing. */
export type PayloadFor = (viewer: SocketViewer) => unknown;

/** Where services put realtime events; they are sent only after the action's transaction commits. */
export interface EventSink {
  emit(room: string | string[], event: string, payload: unknown): void;
  /** One event whose payload (or absence) is decided per socket of the rooms: ticket visibility, masking. */
  emitEach(room: string | string[], event: string, payloadFor: PayloadFor): void;
  /** The user's access changed (queues, flags, deletion): their sockets reload who they are. */
  viewerChanged(userId: number): void;
}

export interface Emitter {
  emitTo(room: string | string[], event: string, payload: unknown): void;
  emitEach(room: string | string[], event: string, payloadFor: PayloadFor): void;
  refreshViewers(userId: number): void;
}

type Pending =
  | { room: string | string[]; event: string; payload: unknown; payloadFor?: undefined }
  | { room: string | string[]; event: string; payloadFor: PayloadFor }
  | { viewerOf: number };

/** Collects events during a request and flushes them when the handler has succeeded. */
export class BufferedEvents implements EventSink {
  private pending: Pending[] = [];
  emit(room: string | string[], event: string, payload: unknown) {
    this.pending.push({ room, event, payload });
  }
  emitEach(room: string | string[], event: string, payloadFor: PayloadFor) {
    this.pending.push({ room, event, payloadFor });
  }
  viewerChanged(userId: number) {
    this.pending.push({ viewerOf: userId });
  }
  flush(emitter: Emitter) {
    for (const e of this.pending) {
      if ('viewerOf' in e) emitter.refreshViewers(e.viewerOf);
      else if (e.payloadFor) emitter.emitEach(e.room, e.event, e.payloadFor);
      else emitter.emitTo(e.room, e.event, e.payload);
    }
    this.pending = [];
  }
}

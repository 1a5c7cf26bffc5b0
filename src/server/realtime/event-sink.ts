/** Where services put realtime events; they are sent only after the action's transaction commits. */
export interface EventSink {
  emit(room: string | string[], event: string, payload: unknown): void;
}

export interface Emitter {
  emitTo(room: string | string[], event: string, payload: unknown): void;
}

/** Collects events during a request and flushes them when the handler has succeeded. */
export class BufferedEvents implements EventSink {
  private pending: { room: string | string[]; event: string; payload: unknown }[] = [];
  emit(room: string | string[], event: string, payload: unknown) {
    this.pending.push({ room, event, payload });
  }
  flush(emitter: Emitter) {
    for (const e of this.pending) emitter.emitTo(e.room, e.event, e.payload);
    this.pending = [];
  }
}

import type { Unsubscribe } from '../../shared/bridge';
import { type EventName, matches } from '../../shared/realtime';

type Listener = (event: string, payload: unknown) => void;

/**
 * Both bridges' realtime listeners by event name: the transport dispatches what arrives, and each handler
 * hears its event's payload typed by the realtime table.
 */
export function createRealtimeListeners() {
  const byName = new Map<string, Set<Listener>>();
  return {
    on<P>(name: EventName<P>, handler: (payload: P) => void): Unsubscribe {
      const listener: Listener = (event, payload) => {
        if (matches(name, event, payload)) handler(payload);
      };
      const set = byName.get(name) ?? new Set();
      byName.set(name, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byName.get(name) === set) byName.delete(name);
      };
    },
    /** An event as the transport received it, to the handlers of that moment (one may drop another). */
    dispatch(event: string, payload: unknown) {
      for (const listener of [...(byName.get(event) ?? [])]) listener(event, payload);
    },
  };
}

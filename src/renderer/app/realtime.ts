import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { EventName } from '../../shared/realtime';
import { useBridge } from '../bridge/context';

/**
 * Subscribes to one realtime event for the component's lifetime (none while `event` is null), its payload
 * typed by the event's name; the latest handler is always called.
 */
export function useRealtimeEvent<P>(event: EventName<P> | null, handler: (payload: P) => void) {
  const bridge = useBridge();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!event) return;
    return bridge.realtime.on(event, (payload) => latest.current(payload));
  }, [bridge, event]);
}

/**
 * Runs `join` now and after every reconnect (a new connection starts in no room), and `leave` when the
 * component goes away or `key` (naming the rooms) changes.
 */
export function useRoom(join: () => void, leave?: () => void, key = '') {
  const bridge = useBridge();
  const latest = useRef({ join, leave });
  latest.current = { join, leave };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the rooms; the callbacks are read through the ref
  useEffect(() => {
    const { join: joinNow, leave: leaveNow } = latest.current;
    // Both bridges tell a new listener the current status at once: a connected socket joins now, one
    // still connecting joins when it connects.
    const stop = bridge.realtime.onStatus((status) => {
      if (status === 'connected') joinNow();
    });
    return () => {
      stop();
      leaveNow?.();
    };
  }, [bridge, key]);
}

/** Reloads the queries under `queryKey` when the connection comes back: events sent while down are lost. */
export function useReloadAfterReconnect(queryKey: QueryKey) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const latestKey = useRef(queryKey);
  latestKey.current = queryKey;
  useEffect(() => {
    let wasDown = false;
    return bridge.realtime.onStatus((status) => {
      // Mounted before the socket first connected counts as down too: events of that gap are lost.
      if (status !== 'connected') wasDown = true;
      if (status === 'connected' && wasDown) {
        wasDown = false;
        void queryClient.invalidateQueries({ queryKey: latestKey.current });
      }
    });
  }, [bridge, queryClient]);
}

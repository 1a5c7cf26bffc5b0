import { useEffect, useRef } from 'react';
import { useBridge } from '../bridge/context';

/** Subscribes to one realtime event for the component's lifetime; the latest handler is always called. */
export function useRealtimeEvent(event: string | null, handler: (payload: unknown) => void) {
  const bridge = useBridge();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!event) return;
    return bridge.realtime.on(event, (payload) => latest.current(payload));
  }, [bridge, event]);
}

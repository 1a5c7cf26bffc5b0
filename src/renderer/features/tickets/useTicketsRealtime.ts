import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type AppMessageEvent, events, type TicketEvent } from '../../../shared/realtime';
import { useRealtimeEvent } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { ticketsKeys } from './tickets-cache';
import { useTicketsCache } from './useTicketsList';

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
    joinNow();
    const stop = bridge.realtime.onStatus((status) => {
      if (status === 'connected') joinNow();
    });
    return () => {
      stop();
      leaveNow?.();
    };
  }, [bridge, key]);
}

/** 1-attendance §7: joinTickets for the statuses on screen, leaveTickets when they go. */
export function useTicketRooms(statuses: readonly string[]) {
  const bridge = useBridge();
  useRoom(
    () => {
      for (const status of statuses) bridge.realtime.emit('joinTickets', status);
    },
    () => {
      for (const status of statuses) bridge.realtime.emit('leaveTickets', status);
    },
    statuses.join(','),
  );
}

/**
 * 1-attendance §7: the one subscription to `company-{id}-ticket` and `company-{id}-appMessage` for
 * the inbox, mounted once in the shell. It keeps every cached ticket list, the bell and the open
 * ticket current, joins the notification room, and reloads the lists after a reconnect (events sent
 * while offline are lost). `onMessage` lets the bell ring.
 */
export function useTicketsRealtime(onMessage: (event: AppMessageEvent) => void) {
  const { companyId } = useCurrentUser();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const cache = useTicketsCache();

  useRealtimeEvent(events.ticket(companyId), (payload) => cache.applyTicketEvent(payload as TicketEvent));
  useRealtimeEvent(events.appMessage(companyId), (payload) => {
    const event = payload as AppMessageEvent;
    if (event.action === 'create') cache.applyNewMessage(event.ticket, !event.message.fromMe);
    onMessage(event);
  });

  useRoom(() => bridge.realtime.emit('joinNotification'));

  useEffect(() => {
    let wasDown = false;
    return bridge.realtime.onStatus((status) => {
      if (status === 'disconnected') wasDown = true;
      if (status === 'connected' && wasDown) {
        wasDown = false;
        void queryClient.invalidateQueries({ queryKey: ticketsKeys.all });
      }
    });
  }, [bridge, queryClient]);
}

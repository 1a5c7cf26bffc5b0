import { type AppMessageEvent, events } from '../../../shared/realtime';
import { useRealtimeEvent, useRoom } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { useCatchUp } from './useCatchUp';
import { useTicketsCache } from './useTicketsList';

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
 * ticket current, joins the notification room, and applies what a catch-up found after a reconnect
 * (events sent while offline are lost). `onMessage` lets the bell ring.
 */
export function useTicketsRealtime(onMessage: (event: AppMessageEvent) => void) {
  const { companyId } = useCurrentUser();
  const bridge = useBridge();
  const cache = useTicketsCache();

  useRealtimeEvent(events.ticket(companyId), cache.applyTicketEvent);
  useRealtimeEvent(events.appMessage(companyId), (event) => {
    if (event.action === 'create') cache.applyNewMessage(event.ticket, !event.message.fromMe);
    onMessage(event);
  });

  useRoom(() => bridge.realtime.emit('joinNotification'));
  useCatchUp();
}

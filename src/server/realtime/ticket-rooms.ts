import type { Socket } from 'socket.io';
import { type ClientToServerEvents, rooms } from '../../shared/realtime';
import { reloadActor } from '../http/authenticate';
import { findTicketRow } from '../modules/tickets/queries';
import { mayViewTicket, viewerOf } from '../modules/tickets/visibility';
import type { Actor } from '../platform/actor';
import type { Db } from '../platform/database';
import type { SocketViewer } from '../platform/events';
import type { Realtime } from './server';

/**
 * The ticket rooms of 1-attendance §7. Each socket keeps its viewer (user and queues, loaded at connect
 * and again when the user's access changes) so per-socket events can check ticket visibility without a
 * query per socket.
 */
export function registerTicketSockets(realtime: Realtime, db: Db) {
  realtime.loadViewersWith(async (actor) => {
    const fresh = await reloadActor(db, actor);
    return fresh && viewerOf(fresh);
  });
  realtime.io.use(async (socket, next) => {
    try {
      socket.data.viewer = viewerOf(socket.data.actor as Actor);
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  realtime.io.on('connection', (socket: Socket<ClientToServerEvents>) => {
    const { companyId } = (socket.data.viewer as SocketViewer).actor;
    socket.on('joinNotification', (ack) => {
      socket.join(rooms.notification(companyId));
      if (typeof ack === 'function') ack(true);
    });
    socket.on('joinChatBox', async (ticketId, ack) => {
      const id = Number(ticketId);
      const ticket = Number.isInteger(id)
        ? await findTicketRow(db, companyId, id).catch(() => undefined)
        : undefined;
      // The viewer as of now: the user's access may have changed since the socket connected.
      const joined = ticket !== undefined && mayViewTicket(socket.data.viewer as SocketViewer, ticket);
      if (joined) socket.join(rooms.ticket(id));
      if (typeof ack === 'function') ack(joined);
    });
    socket.on('joinChatBoxLeave', (ticketId, ack) => {
      socket.leave(rooms.ticket(Number(ticketId)));
      if (typeof ack === 'function') ack(true);
    });
  });
}

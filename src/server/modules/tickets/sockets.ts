import { rooms } from '../../../shared/realtime';
import { mayViewTicket } from '../../../shared/ticket-visibility';
import type { Db } from '../../platform/database';
import { tenantDb } from '../../platform/tenant';
import type { Realtime, RealtimeSocket } from '../../realtime/server';
import { findTicketRow } from './queries';

/**
 * The ticket rooms of 1-attendance §7. A socket joins a ticket's chat box only when its viewer (kept on
 * the socket, reloaded when the user's access changes) may see that ticket.
 */
export function registerTicketSockets(realtime: Realtime, db: Db) {
  realtime.io.on('connection', (socket: RealtimeSocket) => {
    const { companyId } = socket.data.actor;
    const company = tenantDb(db, companyId);
    socket.on('joinNotification', (ack) => {
      socket.join(rooms.notification(companyId));
      if (typeof ack === 'function') ack(true);
    });
    socket.on('joinChatBox', async (ticketId, ack) => {
      const id = Number(ticketId);
      const ticket = Number.isInteger(id)
        ? await findTicketRow(company, id).catch(() => undefined)
        : undefined;
      // The viewer as of now: the user's access may have changed since the socket connected.
      const joined = ticket !== undefined && mayViewTicket(socket.data.viewer, ticket);
      if (joined) socket.join(rooms.ticket(id));
      if (typeof ack === 'function') ack(joined);
    });
    socket.on('joinChatBoxLeave', (ticketId, ack) => {
      socket.leave(rooms.ticket(Number(ticketId)));
      if (typeof ack === 'function') ack(true);
    });
  });
}

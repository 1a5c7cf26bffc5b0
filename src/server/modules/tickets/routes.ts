import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { closeAllTickets } from './close-all';
import {
  createTicket,
  deleteTicket,
  listMoments,
  listTicketLogs,
  listTickets,
  showTicketByUuid,
} from './service';
import { updateTicket } from './transitions';

export function registerTicketsRoutes(router: Router) {
  router.route(api.tickets.list, ({ query }, ctx) => listTickets(ctx, query));
  router.route(api.tickets.showByUuid, ({ params }, ctx) => showTicketByUuid(ctx, params.uuid));
  router.route(api.tickets.create, ({ body }, ctx) => createTicket(ctx, body));
  router.route(api.tickets.update, ({ params, body }, ctx) => updateTicket(ctx, params.id, body));
  router.route(api.tickets.remove, ({ params }, ctx) => deleteTicket(ctx, params.id));
  router.route(api.tickets.closeAll, ({ body }, ctx) => closeAllTickets(ctx, body));
  router.route(api.tickets.logs, ({ params }, ctx) => listTicketLogs(ctx, params.ticketId));
  router.route(api.tickets.moments, ({ query }, ctx) => listMoments(ctx, query));
}

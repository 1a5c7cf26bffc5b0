import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { exportTicketReport, ticketReport } from './service';

export function registerReportsRoutes(router: Router) {
  router.route(api.reports.tickets, ({ query }, ctx) => ticketReport(ctx, query));
  router.route(api.reports.export, ({ query }, ctx) => exportTicketReport(ctx, query));
}

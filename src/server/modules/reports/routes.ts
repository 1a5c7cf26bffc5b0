import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { exportTicketReport, surveyReport, ticketReport } from './service';

export function registerReportsRoutes(router: Router) {
  router.route(api.reports.tickets, ({ query }, ctx) => ticketReport(ctx, query));
  router.route(api.reports.surveys, ({ query }, ctx) => surveyReport(ctx, query));
  router.route(api.reports.export, ({ query }, ctx) => exportTicketReport(ctx, query));
}

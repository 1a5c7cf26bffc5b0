import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { messagesAllMe, showDashboard, ticketsDay, ticketsUsers, usersMoments } from './service';

export function registerDashboardRoutes(router: Router) {
  router.route(api.dashboard.show, ({ query }, ctx) => showDashboard(ctx, query));
  router.route(api.dashboard.ticketsUsers, ({ query }, ctx) => ticketsUsers(ctx, query));
  router.route(api.dashboard.ticketsDay, ({ query }, ctx) => ticketsDay(ctx, query));
  router.route(api.dashboard.messagesAllMe, ({ query }, ctx) => messagesAllMe(ctx, query));
  router.route(api.dashboard.usersMoments, (_input, ctx) => usersMoments(ctx));
}

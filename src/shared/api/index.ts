import { authRoutes } from './auth';
import type { RouteDef } from './contract';
import { messagesRoutes } from './messages';
import { plansRoutes } from './plans';
import { queuesRoutes } from './queues';
import { settingsRoutes } from './settings';
import { ticketsRoutes } from './tickets';
import { usersRoutes } from './users';

/** Every HTTP route of the product, by domain. The server registers these; the clients call them. */
export const api = {
  auth: authRoutes,
  users: usersRoutes,
  plans: plansRoutes,
  settings: settingsRoutes,
  queues: queuesRoutes,
  tickets: ticketsRoutes,
  messages: messagesRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export type Api = typeof api;
export * from './contract';

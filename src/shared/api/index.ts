import { authRoutes } from './auth';
import { contactsRoutes } from './contacts';
import type { RouteDef } from './contract';
import { messagesRoutes } from './messages';
import { plansRoutes } from './plans';
import { queuesRoutes } from './queues';
import { settingsRoutes } from './settings';
import { tagsRoutes } from './tags';
import { ticketsRoutes } from './tickets';
import { usersRoutes } from './users';
import { whatsappsRoutes } from './whatsapps';

/** Every HTTP route of the product, by domain. The server registers these; the clients call them. */
export const api = {
  auth: authRoutes,
  users: usersRoutes,
  plans: plansRoutes,
  settings: settingsRoutes,
  queues: queuesRoutes,
  tickets: ticketsRoutes,
  messages: messagesRoutes,
  contacts: contactsRoutes,
  tags: tagsRoutes,
  whatsapps: whatsappsRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export type Api = typeof api;
export * from './contract';

import { announcementsRoutes } from './announcements';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { campaignRunsRoutes, campaignsRoutes } from './campaigns';
import { chatbotsRoutes } from './chatbots';
import { companiesRoutes } from './companies';
import { contactListsRoutes } from './contact-lists';
import { contactsRoutes } from './contacts';
import type { RouteDef } from './contract';
import { dashboardRoutes } from './dashboard';
import { externalApiRoutes } from './external-api';
import { filesRoutes } from './files';
import { graphRoutes } from './graph';
import { helpsRoutes } from './helps';
import { invoicesRoutes } from './invoices';
import { messagesRoutes } from './messages';
import { notesRoutes } from './notes';
import { plansRoutes } from './plans';
import { queuesRoutes } from './queues';
import { quickMessagesRoutes } from './quick-messages';
import { reportsRoutes } from './reports';
import { holidaysRoutes, schedulesRoutes } from './scheduled-messages';
import { settingsRoutes } from './settings';
import { syncRoutes } from './sync';
import { tagsRoutes, ticketTagsRoutes } from './tags';
import { ticketsRoutes } from './tickets';
import { usersRoutes } from './users';
import { whatsappsRoutes } from './whatsapps';

/** Every HTTP route of the product, by domain. The server registers these; the clients call them. */
export const api = {
  auth: authRoutes,
  users: usersRoutes,
  plans: plansRoutes,
  helps: helpsRoutes,
  announcements: announcementsRoutes,
  companies: companiesRoutes,
  settings: settingsRoutes,
  queues: queuesRoutes,
  chatbots: chatbotsRoutes,
  files: filesRoutes,
  quickMessages: quickMessagesRoutes,
  tickets: ticketsRoutes,
  messages: messagesRoutes,
  dashboard: dashboardRoutes,
  reports: reportsRoutes,
  contacts: contactsRoutes,
  tags: tagsRoutes,
  ticketTags: ticketTagsRoutes,
  notes: notesRoutes,
  whatsapps: whatsappsRoutes,
  graph: graphRoutes,
  sync: syncRoutes,
  externalApi: externalApiRoutes,
  invoices: invoicesRoutes,
  audit: auditRoutes,
  contactLists: contactListsRoutes,
  campaigns: campaignsRoutes,
  campaignRuns: campaignRunsRoutes,
  schedules: schedulesRoutes,
  holidays: holidaysRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export type Api = typeof api;
export * from './contract';

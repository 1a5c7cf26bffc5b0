import announcements from './announcements';
import audit from './audit';
import auth from './auth';
import billing from './billing';
import campaigns from './campaigns';
import chat from './chat';
import common from './common';
import companies from './companies';
import connections from './connections';
import contactLists from './contactLists';
import contacts from './contacts';
import dashboard from './dashboard';
import desktop from './desktop';
import errors from './errors';
import files from './files';
import helps from './helps';
import messagesApi from './messagesApi';
import moments from './moments';
import plans from './plans';
import queues from './queues';
import quickMessages from './quickMessages';
import reports from './reports';
import schedules from './schedules';
import settings from './settings';
import shell from './shell';
import tags from './tags';
import tickets from './tickets';
import twoFactor from './twoFactor';
import { LANGUAGES, type Language, type Locales, type Messages } from './types';
import users from './users';

/** Every namespace, by file name; keys are used as `t('<namespace>:<key>')`. */
export const namespaces = {
  common,
  errors,
  auth,
  shell,
  users,
  tickets,
  chat,
  contacts,
  tags,
  quickMessages,
  queues,
  settings,
  connections,
  files,
  messagesApi,
  plans,
  companies,
  helps,
  announcements,
  billing,
  dashboard,
  reports,
  audit,
  moments,
  desktop,
  contactLists,
  campaigns,
  schedules,
  twoFactor,
} satisfies Record<string, Locales>;
export type Namespace = keyof typeof namespaces;
export const NAMESPACES = Object.keys(namespaces) as Namespace[];

/** i18next resources: language → namespace → messages. */
export const resources = Object.fromEntries(
  LANGUAGES.map((language) => {
    const byNamespace: Record<string, Messages> = {};
    for (const ns of NAMESPACES) byNamespace[ns] = namespaces[ns][language];
    return [language, byNamespace as Record<Namespace, Messages>];
  }),
) as Record<Language, Record<Namespace, Messages>>;

export * from './types';

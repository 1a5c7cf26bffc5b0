import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Process-wide values shared by every server on one database (the token signing secret). */
export const systemValues = pgTable('system_values', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  users: integer('users').notNull().default(10),
  connections: integer('connections').notNull().default(10),
  queues: integer('queues').notNull().default(10),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
  isPublic: boolean('is_public').notNull().default(true),
  useWhatsapp: boolean('use_whatsapp').notNull().default(true),
  useFacebook: boolean('use_facebook').notNull().default(true),
  useInstagram: boolean('use_instagram').notNull().default(true),
  useCampaigns: boolean('use_campaigns').notNull().default(true),
  useSchedules: boolean('use_schedules').notNull().default(true),
  useInternalChat: boolean('use_internal_chat').notNull().default(true),
  useExternalApi: boolean('use_external_api').notNull().default(true),
  useKanban: boolean('use_kanban').notNull().default(true),
  useOpenAi: boolean('use_open_ai').notNull().default(true),
  useIntegrations: boolean('use_integrations').notNull().default(true),
  ...timestamps,
});

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  email: varchar('email', { length: 200 }),
  phone: varchar('phone', { length: 30 }),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id),
  status: boolean('status').notNull().default(true),
  dueDate: date('due_date', { mode: 'string' }),
  recurrence: varchar('recurrence', { length: 20 }).notNull().default('MENSAL'),
  document: varchar('document', { length: 30 }),
  paymentMethod: varchar('payment_method', { length: 30 }),
  lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Bumped by every login and by logout: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    profile: varchar('profile', { length: 10 }).notNull().default('user'),
    super: boolean('super').notNull().default(false),
    profileImage: varchar('profile_image', { length: 300 }),
    startWork: varchar('start_work', { length: 5 }).notNull().default('00:00'),
    endWork: varchar('end_work', { length: 5 }).notNull().default('23:59'),
    farewellMessage: text('farewell_message'),
    allTicket: varchar('all_ticket', { length: 10 }).notNull().default('disable'),
    allowGroup: boolean('allow_group').notNull().default(false),
    defaultTheme: varchar('default_theme', { length: 10 }).notNull().default('light'),
    defaultMenu: varchar('default_menu', { length: 10 }).notNull().default('open'),
    allHistoric: varchar('all_historic', { length: 10 }).default('disabled'),
    allUserChat: varchar('all_user_chat', { length: 10 }).notNull().default('disabled'),
    userClosePendingTicket: varchar('user_close_pending_ticket', { length: 10 }).notNull().default('enabled'),
    showDashboard: varchar('show_dashboard', { length: 10 }).notNull().default('disabled'),
    allowRealTime: varchar('allow_real_time', { length: 10 }).notNull().default('disabled'),
    allowConnections: varchar('allow_connections', { length: 10 }).notNull().default('disabled'),
    whatsappId: integer('whatsapp_id'),
    defaultTicketsManagerWidth: integer('default_tickets_manager_width').notNull().default(550),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    // Emails are unique across the platform: login is by email alone.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_name_idx').on(t.companyId, t.name),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    /** The login this token descends from; reusing a rotated token revokes the family. */
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Generic key/value settings per company; the platform's own (whitelabel, allowSignup) live with company 1. */
export const settings = pgTable(
  'settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/** The company settings of 2-administration §3, one row per key; missing keys read as their default. */
export const companySettings = pgTable(
  'company_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 20 }).notNull(),
    greetingMessage: text('greeting_message'),
    orderQueue: integer('order_queue'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('queues_company_color_unique').on(t.companyId, t.color),
    uniqueIndex('queues_company_name_unique').on(t.companyId, t.name),
  ],
);

export const userQueues = pgTable(
  'user_queues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_queue_idx').on(t.queueId)],
);

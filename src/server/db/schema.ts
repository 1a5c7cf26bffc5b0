import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
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

/** A transaction id (PostgreSQL's 64-bit xid8); the drivers hand it over as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** The change feed's order (modules/sync): one sequence for tickets, messages, contacts and removals. */
export const syncRevision = pgSequence('sync_revision');

/**
 * Where a row stands in the change feed: the transaction that last wrote it and a revision. Inserts take
 * both from these defaults; updates get them from the `sync_stamp` triggers of migration 0012, so no write
 * anywhere can forget them.
 */
const syncStamp = {
  syncXid: xid8('sync_xid').notNull().default(sql`pg_current_xact_id()`),
  syncRevision: bigint('sync_revision', { mode: 'number' }).notNull().default(sql`nextval('sync_revision')`),
};

/** Process-wide values shared by every server on one database (the token signing secret). */
export const systemValues = pgTable('system_values', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

/** 2-administration §3 Help entry: the platform's help videos, shown to every company (super writes). */
export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  /** A YouTube or Vimeo video id, or its address (read as the id when shown). */
  video: varchar('video', { length: 500 }).notNull().default(''),
  ...timestamps,
});

/** 3-automation §3 Announcement: the platform's notices, written by the super administrator for every user. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  text: text('text').notNull(),
  /** 1 high, 2 medium, 3 low. */
  priority: integer('priority').notNull().default(3),
  /** Only active announcements reach the users' bell. */
  status: boolean('status').notNull().default(true),
  /** The image's name in the store (the platform company's files), and the uploaded file's name. */
  mediaPath: varchar('media_path', { length: 255 }),
  mediaName: varchar('media_name', { length: 255 }),
  ...timestamps,
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
  /** The company's own user and connection limits over its plan's (2-administration §3); null: the plan's. */
  numberAttendants: integer('number_attendants'),
  numberConections: integer('number_conections'),
  /** Service hours (2-administration §3 Schedule rows); null until saved, read as the defaults. */
  schedules: jsonb('schedules'),
  /** IANA time zone the service hours are read in. */
  timezone: varchar('timezone', { length: 64 }).notNull().default('America/Sao_Paulo'),
  ...timestamps,
});

/**
 * What the inbox lists show of a company changes only when its version moves: triggers (migration
 * 0009) bump it once per committing transaction that changes tickets or what a ticket row shows, so a
 * server may answer a list from memory while the version it reads with the caller is the one it cached.
 */
export const companyVersions = pgTable('company_versions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Every tenant row belongs to one company and goes with it. */
const tenantId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * 2-administration §3 Invoice: one per company and due date (made from 10 days before it), 'Pago' once a
 * Pix charge for it is paid. What was paid (plan, users, connections, value) is written on it then.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    detail: varchar('detail', { length: 200 }).notNull(),
    users: integer('users').notNull(),
    connections: integer('connections').notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    linkInvoice: text('link_invoice'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('invoices_company_due_unique').on(t.companyId, t.dueDate)],
);

/**
 * A Pix charge made at checkout for an invoice, by the provider's txid. Its status turns CONCLUIDA once,
 * in the transaction that pays the invoice and moves the due date: a redelivered webhook finds it so.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    txid: varchar('txid', { length: 35 }).primaryKey(),
    companyId: tenantId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The platform plan chosen at checkout; null for a custom plan. */
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    detail: varchar('detail', { length: 200 }).notNull(),
    users: integer('users').notNull(),
    connections: integer('connections').notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('ATIVA'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('pix_charges_invoice_idx').on(t.invoiceId)],
);

/**
 * Who did what to which record, when and from where: written by `recordAudit` in the transaction of the
 * change it tells of, so a change and its entry commit or fail together. `changes` holds the changed
 * fields only, before and after. A platform action (plans) is the acting super user's company's.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    /** Null for the platform's own actions (a bank's payment notice). */
    userId: integer('user_id'),
    action: varchar('action', { length: 40 }).notNull(),
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    changes: jsonb('changes').notNull().default({}),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_company_created_idx').on(t.companyId, t.createdAt)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
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
    /**
     * Two-factor sign-in (RFC 6238): the base32 secret, set when enrolment starts and active once
     * totpEnabledAt is set by a first valid code. Never leaves the server after enrolment.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The time step of the last code accepted: a code is good once (no replay within its window). */
    totpLastStep: integer('totp_last_step'),
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
    /**
     * Why it was revoked: 'rotated' (exchanged; a second exchange within a few seconds is two tabs),
     * 'replaced' (the user signed in elsewhere) or 'ended' (logout, reuse, password change, removal).
     */
    endedBy: varchar('ended_by', { length: 16 }).$type<'rotated' | 'replaced' | 'ended'>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A two-factor user's one-time recovery codes, hashed; a used one keeps its row with usedAt. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Generic key/value settings per company; the platform's own (whitelabel, allowSignup) live with company 1. */
export const settings = pgTable(
  'settings',
  {
    companyId: tenantId(),
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
    companyId: tenantId(),
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
    companyId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 20 }).notNull(),
    greetingMessage: text('greeting_message'),
    outOfHoursMessage: text('out_of_hours_message'),
    orderQueue: integer('order_queue'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    /** Rotation among the queue's online users every tempoRoteador minutes (the routing issue runs it). */
    ativarRoteador: boolean('ativar_roteador').notNull().default(false),
    tempoRoteador: integer('tempo_roteador').notNull().default(0),
    integrationId: integer('integration_id'),
    fileListId: integer('file_list_id'),
    schedules: jsonb('schedules'),
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

// ——— Conversations (issue 3). Channel connections, contacts and tags hold only what tickets need;
// their own modules extend them.

export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    /** whatsapp, facebook, instagram, whatsappapi — or `test` for the test driver. */
    channel: varchar('channel', { length: 20 }).notNull().default('whatsapp'),
    status: varchar('status', { length: 20 }).notNull().default('DISCONNECTED'),
    number: varchar('number', { length: 64 }),
    isDefault: boolean('is_default').notNull().default(false),
    token: varchar('token', { length: 64 }),
    greetingMessage: text('greeting_message'),
    complationMessage: text('complation_message'),
    ratingMessage: text('rating_message'),
    allowGroup: boolean('allow_group').notNull().default(false),
    groupAsTicket: varchar('group_as_ticket', { length: 10 }).notNull().default('disabled'),
    timeCreateNewTicket: integer('time_create_new_ticket').notNull().default(0),
    /** The QR code to scan while the status is qrcode; empty otherwise. */
    qrcode: text('qrcode').notNull().default(''),
    schedules: jsonb('schedules'),
    outOfHoursMessage: text('out_of_hours_message'),
    /** How many times the bots answer one ticket (queue menu, out of hours) before they stop. */
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    /** Minutes between two bot answers to one ticket (0: no wait). */
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    /** How many times an invalid answer to the rating request is asked again (2-administration §3). */
    maxUseBotQueuesNPS: integer('max_use_bot_queues_nps').notNull().default(3),
    retries: integer('retries').notNull().default(0),
    // The rest of the connection dialog (2-administration §3, defaults §9). Minutes are integers.
    provider: varchar('provider', { length: 20 }).notNull().default('beta'),
    /** Close a ticket after this many minutes without activity (0: never). */
    expiresTicket: integer('expires_ticket').notNull().default(0),
    expiresInactiveMessage: text('expires_inactive_message'),
    /** '0' closes silently; '1' closes with expiresInactiveMessage (2-administration §3 whenExpiresTicket). */
    whenExpiresTicket: varchar('when_expires_ticket', { length: 1 }).notNull().default('0'),
    /** Send inactiveMessage after this many minutes without an answer from the contact (0: never). */
    timeInactiveMessage: integer('time_inactive_message').notNull().default(0),
    inactiveMessage: text('inactive_message'),
    /** Move tickets still without a queue to sendIdQueue after this many minutes (0: never). */
    timeSendQueue: integer('time_send_queue').notNull().default(0),
    sendIdQueue: integer('send_id_queue').references(() => queues.id, { onDelete: 'set null' }),
    /** Minutes a rating request waits for its answer (0: forever). */
    expiresTicketNPS: integer('expires_ticket_nps').notNull().default(0),
    /** A stored file name (image or video) sent with the greeting. */
    greetingMediaAttachment: text('greeting_media_attachment'),
    collectiveVacationStart: timestamp('collective_vacation_start', { withTimezone: true, mode: 'date' }),
    collectiveVacationEnd: timestamp('collective_vacation_end', { withTimezone: true, mode: 'date' }),
    collectiveVacationMessage: text('collective_vacation_message'),
    enableImportMessage: boolean('enable_import_message').notNull().default(false),
    importOldMessages: timestamp('import_old_messages', { withTimezone: true, mode: 'date' }),
    importRecentMessages: timestamp('import_recent_messages', { withTimezone: true, mode: 'date' }),
    importOldMessagesGroups: boolean('import_old_messages_groups').notNull().default(false),
    closedTicketsPostImported: boolean('closed_tickets_post_imported').notNull().default(false),
    queueIdImportMessages: integer('queue_id_import_messages').references(() => queues.id, {
      onDelete: 'set null',
    }),
    /** Where a history import stands: '', 'Running', 'renderButtonCloseTickets' (2-administration §4.1). */
    statusImportMessages: varchar('status_import_messages', { length: 40 }).notNull().default(''),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    flowIdWelcome: integer('flow_id_welcome'),
    flowIdNotPhrase: integer('flow_id_not_phrase'),
    // The Graph API channels: what sending and the webhooks need.
    /** facebook and instagram: the page the conversations go through. */
    facebookPageId: varchar('facebook_page_id', { length: 64 }),
    /** instagram: the business account linked to the page (the webhooks' entry id). */
    instagramAccountId: varchar('instagram_account_id', { length: 64 }),
    /** whatsappapi: the phone number (the webhooks' metadata.phone_number_id) and its business account. */
    phoneNumberId: varchar('phone_number_id', { length: 64 }),
    wabaId: varchar('waba_id', { length: 64 }),
    /** The page token (facebook, instagram) or the Cloud API token (whatsappapi); never leaves the server. */
    graphToken: text('graph_token'),
    ...timestamps,
  },
  (t) => [
    index('whatsapps_company_idx').on(t.companyId),
    uniqueIndex('whatsapps_token_unique').on(t.token),
    // A webhook finds its one connection: a page, an Instagram account or a number is connected once.
    uniqueIndex('whatsapps_facebook_page_unique').on(t.facebookPageId).where(sql`${t.channel} = 'facebook'`),
    uniqueIndex('whatsapps_instagram_account_unique')
      .on(t.instagramAccountId)
      .where(sql`${t.channel} = 'instagram'`),
    uniqueIndex('whatsapps_phone_number_id_unique')
      .on(t.phoneNumberId)
      .where(sql`${t.channel} = 'whatsappapi'`),
  ],
);

/**
 * A WhatsApp connection's login (Baileys creds and signal keys), one row per key, so a restart or another
 * process resumes the session without a new QR code.
 */
export const whatsappAuth = pgTable(
  'whatsapp_auth',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 300 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] })],
);

/**
 * Which server process runs a connection's session (docs/architecture.md "Scale-out"): taken atomically, renewed
 * by the owner's heartbeat, released when it stops; an expired lease may be taken over by another process.
 */
export const connectionLeases = pgTable('connection_leases', {
  whatsappId: integer('whatsapp_id')
    .primaryKey()
    .references(() => whatsapps.id, { onDelete: 'cascade' }),
  /** The owning process (host, pid and a random part: two servers in one process differ too). */
  owner: varchar('owner', { length: 200 }).notNull(),
  /** Read against the database's clock, so servers on different machines agree. */
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * A session action (retry, new QR, disconnect, a pairing code) or a driver call (a send, read receipts, a
 * number check…) asked of a process that does not run the connection: the lease's owner picks it up,
 * runs it and says how it went.
 */
export const connectionCommands = pgTable(
  'connection_commands',
  {
    id: serial('id').primaryKey(),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 20 }).notNull(),
    /** What the action needs (the phone number a pairing code is asked for; a driver call's JSON). */
    argument: text('argument'),
    /** pending → running (the owner took it) → done or failed; the caller removes the row when it reads it. */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    /** What a done action answers (the pairing code; a driver call's JSON). */
    result: text('result'),
    /** The error code and HTTP status of a failed action. */
    error: varchar('error', { length: 100 }),
    errorStatus: integer('error_status'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('connection_commands_pending_idx').on(t.whatsappId).where(sql`${t.state} = 'pending'`)],
);

export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] })],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    name: varchar('name', { length: 250 }).notNull(),
    /** Digits only for people; the group id for groups. */
    number: varchar('number', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    urlPicture: text('url_picture'),
    isGroup: boolean('is_group').notNull().default(false),
    channel: varchar('channel', { length: 20 }).notNull().default('whatsapp'),
    active: boolean('active').notNull().default(true),
    disableBot: boolean('disable_bot').notNull().default(false),
    acceptAudioMessage: boolean('accept_audio_message').notNull().default(true),
    lgpdAcceptedAt: timestamp('lgpd_accepted_at', { withTimezone: true, mode: 'date' }),
    whatsappId: integer('whatsapp_id'),
    /** The contact's wallet (DirectTicketsToWallets): their new tickets go straight to this user and queue. */
    walletUserId: integer('wallet_user_id').references(() => users.id, { onDelete: 'set null' }),
    walletQueueId: integer('wallet_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    ...syncStamp,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_company_number_unique').on(t.companyId, t.number),
    index('contacts_sync_idx').on(t.companyId, t.syncXid, t.syncRevision),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // The dashboard's leads: contacts first known in a period.
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
    // The ticket search (folded name or number LIKE '%…%', db/fold.ts) from trigram indexes rather than a
    // scan of contacts.
    index('contacts_name_trgm_idx').using('gin', sql`atendo_fold(${t.name}) gin_trgm_ops`),
    index('contacts_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 20 }).notNull(),
    kanban: integer('kanban').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_company_name_unique').on(t.companyId, t.name)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

/** A contact's extra information: free name/value pairs edited in the contact dialog. */
export const contactCustomFields = pgTable(
  'contact_custom_fields',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('contact_custom_fields_contact_idx').on(t.contactId)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: varchar('uuid', { length: 36 }).notNull().unique().default(sql`gen_random_uuid()::text`),
    companyId: tenantId(),
    /** pending, open, closed, group, lgpd, nps */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 20 }).notNull().default('whatsapp'),
    lastMessage: text('last_message').notNull().default(''),
    unreadMessages: integer('unread_messages').notNull().default(0),
    isBot: boolean('is_bot').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    useIntegration: boolean('use_integration').notNull().default(false),
    integrationId: integer('integration_id'),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    /** When a bot last answered this ticket (the timeUseBotQueues window). */
    botAnsweredAt: timestamp('bot_answered_at', { withTimezone: true, mode: 'date' }),
    isTransfered: boolean('is_transfered').notNull().default(false),
    lgpdAcceptedAt: timestamp('lgpd_accepted_at', { withTimezone: true, mode: 'date' }),
    /** When a history import made this ticket (2-administration §4.1): "close imported tickets" closes these. */
    imported: timestamp('imported', { withTimezone: true, mode: 'date' }),
    ...syncStamp,
    /**
     * Where the contact stands in the queue's option tree while isBot: the option whose sub-options are on
     * offer, null for the queue's own options (docs/behaviour.md "Routing and bots", option tree).
     */
    chatbotId: integer('chatbot_id').references((): AnyPgColumn => chatbots.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('tickets_sync_idx').on(t.companyId, t.syncXid, t.syncRevision),
    // The inbox pages: per company and status, newest first (plain indexes scanned backward). The
    // visibility columns and the id after them let a page be picked and counted from the index alone.
    index('tickets_company_status_updated_idx').on(
      t.companyId,
      t.status,
      t.updatedAt,
      t.queueId,
      t.userId,
      t.isGroup,
      t.id,
    ),
    // Lists of every status (a search) in list order: a search for a common word walks this index and
    // stops at the page; the visibility columns after the order are checked from the index.
    index('tickets_company_updated_idx').on(
      t.companyId,
      t.updatedAt,
      t.id,
      t.status,
      t.queueId,
      t.userId,
      t.isGroup,
    ),
    index('tickets_company_queue_status_updated_idx').on(t.companyId, t.queueId, t.status, t.updatedAt),
    // The ticket report's pages and export: a company's tickets by opening, newest first (keyset).
    index('tickets_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('tickets_company_user_status_updated_idx').on(t.companyId, t.userId, t.status, t.updatedAt),
    // The dashboard leaves group tickets out of its figures by this short list, not by a join of every row.
    index('tickets_company_groups_idx').on(t.companyId, t.id).where(sql`${t.isGroup}`),
    // Inbound find-or-create: the newest ticket of a contact on a connection. The visibility columns and
    // the id after them let a search pick and count the tickets of the matching contacts from this index.
    index('tickets_contact_whatsapp_idx').on(
      t.contactId,
      t.whatsappId,
      t.updatedAt,
      t.companyId,
      t.status,
      t.queueId,
      t.userId,
      t.isGroup,
      t.id,
    ),
  ],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    /** The channel's message id: unique per company, which makes inbound processing idempotent. */
    wid: varchar('wid', { length: 200 }).notNull(),
    /** Set by a client's outbox so a resent message is stored once. */
    clientId: varchar('client_id', { length: 64 }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id'),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    mediaType: varchar('media_type', { length: 30 }),
    mediaUrl: text('media_url'),
    ack: integer('ack').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    quotedMsgId: integer('quoted_msg_id'),
    participant: varchar('participant', { length: 100 }),
    ...syncStamp,
    ...timestamps,
  },
  (t) => [
    index('messages_sync_idx').on(t.companyId, t.syncXid, t.syncRevision),
    uniqueIndex('messages_company_wid_unique').on(t.companyId, t.wid),
    uniqueIndex('messages_company_client_id_unique').on(t.companyId, t.clientId),
    // A chat's pages, newest first.
    index('messages_ticket_created_idx').on(t.ticketId, t.createdAt, t.id),
    // Opening a chat marks its unread received messages read: found without visiting the chat's others.
    index('messages_ticket_unread_idx').on(t.ticketId).where(sql`${t.read} = false and ${t.fromMe} = false`),
    // The dashboard's messages sent or received in a period (GET /messages-allMe, the inbound heatmap).
    index('messages_company_from_me_created_idx').on(t.companyId, t.fromMe, t.createdAt),
    // Search in message contents (GET /tickets?searchOnMessages=true), accents and case folded (db/fold.ts):
    // on the stored column body_words, to_tsvector('simple', atendo_fold(body)), which migration 0035 adds
    // outside this schema (see bodyWords in modules/tickets/queries.ts).
    index('messages_body_search_idx').using('gin', sql`"body_words"`),
  ],
);

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id'),
    type: varchar('type', { length: 30 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_logs_ticket_idx').on(t.ticketId, t.createdAt),
    // The dashboard's tickets created in a period (docs/metrics.md).
    index('ticket_logs_company_created_idx').on(t.companyId, t.createdAt).where(sql`${t.type} = 'create'`),
  ],
);

/** One record per attendance (docs/behaviour.md "Ticket updates"): feeds wait and support times. */
export const ticketTracking = pgTable(
  'ticket_tracking',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id'),
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ratingAt: timestamp('rating_at', { withTimezone: true, mode: 'date' }),
    rated: boolean('rated').notNull().default(false),
    // The first text a user sent while this was the ticket's attendance (kept by a trigger on messages).
    firstResponseAt: timestamp('first_response_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('ticket_tracking_ticket_idx').on(t.ticketId, t.createdAt),
    // The dashboard reads the attendances queued, started, closed or asked to rate in a period.
    index('ticket_tracking_company_queued_idx').on(t.companyId, t.queuedAt),
    index('ticket_tracking_company_started_idx').on(t.companyId, t.startedAt),
    index('ticket_tracking_company_closed_idx').on(t.companyId, t.closedAt),
    index('ticket_tracking_company_rating_idx')
      .on(t.companyId, t.ratingAt)
      .where(sql`${t.ratingAt} is not null`),
  ],
);

/**
 * The dashboard's daily rollup of the attendance records (docs/metrics.md "The rollup"): per company, local
 * day of its time zone, attendance queue and user (0 = none) and group flag, what the records contribute to
 * that day. Triggers keep it in the transactions that change the records (migration attendance_days).
 */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    queueId: integer('queue_id').notNull(),
    userId: integer('user_id').notNull(),
    isGroup: boolean('is_group').notNull(),
    queued: integer('queued').notNull().default(0),
    queuedOpen: integer('queued_open').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    started: integer('started').notNull().default(0),
    happening: integer('happening').notNull().default(0),
    waitCount: integer('wait_count').notNull().default(0),
    waitSeconds: numeric('wait_seconds').notNull().default('0'),
    closed: integer('closed').notNull().default(0),
    closedRated: integer('closed_rated').notNull().default(0),
    supportCount: integer('support_count').notNull().default(0),
    supportSeconds: numeric('support_seconds').notNull().default('0'),
    closedWaitCount: integer('closed_wait_count').notNull().default(0),
    closedWaitSeconds: numeric('closed_wait_seconds').notNull().default('0'),
    ratingAsked: integer('rating_asked').notNull().default(0),
    waitRating: integer('wait_rating').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.queueId, t.userId, t.isGroup] })],
);

/**
 * The heatmap's and message counts' rollup (docs/metrics.md "The rollup"): messages (private notes left
 * out) per company, local day and hour of its time zone, the message's queue (0 = none) and direction.
 * Triggers keep it in the transactions that store the messages (migration attendance_days).
 */
export const messageHours = pgTable(
  'message_hours',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull(),
    queueId: integer('queue_id').notNull(),
    fromMe: boolean('from_me').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.hour, t.queueId, t.fromMe] })],
);

/** Ticket observations (notes modal): visible to the company's users, never sent to the contact. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    note: text('note').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('ticket_notes_contact_idx').on(t.contactId, t.createdAt),
    index('ticket_notes_ticket_idx').on(t.ticketId),
  ],
);

/** Reusable replies triggered by a shortcode (3-automation §3 QuickMessage). */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shortcode: varchar('shortcode', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    /** Visible to every user of the company. */
    geral: boolean('geral').notNull().default(false),
    /** Shared: others see it, read-only unless it is also general. */
    visao: boolean('visao').notNull().default(true),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    ...timestamps,
  },
  (t) => [index('quick_messages_company_shortcode_idx').on(t.companyId, t.shortcode)],
);

/** A contact's rating (0–10) of an attendance: per ticket and attendant (docs/behaviour.md "Routing and bots", NPS). */
export const userRatings = pgTable(
  'user_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('user_ratings_ticket_idx').on(t.ticketId, t.id),
    index('user_ratings_user_idx').on(t.userId),
    index('user_ratings_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Durable jobs: the ticket timers and the company-wide ones (docs/behaviour.md "Routing and bots", timers) and
 * close all. Claimed with FOR UPDATE SKIP LOCKED under a lease, so each runs once with several servers on
 * one database, and kept here until done, so a restart loses none. The timers of a ticket are armed and
 * cancelled by triggers on tickets and messages (see the migration that made this table).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** One live job per kind and key: a ticket timer's key is its ticket's id. */
    key: varchar('key', { length: 100 }).notNull(),
    /** null for the platform's own jobs (the sweep over every company). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** Runs begun so far, counting those a crash or an error ended. */
    attempts: integer('attempts').notNull().default(0),
    /** Bumped by every schedule and claim: a run whose claim is no longer current changes nothing. */
    revision: integer('revision').notNull().default(0),
    /** The claim's lease: until then no other server takes the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Set once its attempts are spent: the job stays for inspection and never runs again. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('jobs_kind_key_unique').on(t.kind, t.key).where(sql`${t.failedAt} is null`),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.failedAt} is null`),
    index('jobs_ticket_idx').on(t.ticketId),
  ],
);

/**
 * What left the change feed: deleted tickets, messages and contacts, and tickets whose visibility fields
 * changed, with those fields as they were (the feed tells whoever could see them that they are gone).
 * Written by the triggers of migration 0012; no foreign keys, since they outlive their rows.
 */
export const syncRemovals = pgTable(
  'sync_removals',
  {
    revision: bigint('revision', { mode: 'number' }).primaryKey().default(sql`nextval('sync_revision')`),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    companyId: integer('company_id').notNull(),
    /** ticket, message or contact. */
    entity: varchar('entity', { length: 10 }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** A message's ticket. */
    ticketId: integer('ticket_id'),
    /** Deleted, rather than a ticket that changed its visibility fields. */
    deleted: boolean('deleted').notNull(),
    // A ticket's visibility fields before the change (modules/tickets/visibility TicketScope).
    status: varchar('status', { length: 10 }),
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    isGroup: boolean('is_group'),
    /** Kept SYNC_REMOVALS_KEPT_DAYS, then pruned (modules/sync/prune.ts). */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sync_removals_company_idx').on(t.companyId, t.xid, t.revision),
    index('sync_removals_removed_idx').on(t.removedAt),
  ],
);

/**
 * Per company, the last transaction that renamed (or recoloured) what ticket rows show of their queue,
 * user, tags or connection. Those rows carry the names and the feed has no entry for a rename: a cursor
 * from before it is answered `expired`, and the client reloads (written by migration 0018's triggers).
 */
export const syncRenames = pgTable('sync_renames', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
});

/** A named message with attached files (3-automation §3 File list), sent by queues and chatbot options. */
export const fileLists = pgTable(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    name: varchar('name', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('file_lists_company_name_idx').on(t.companyId, t.name)],
);

/** One file of a file list: its caption (name) and the stored file (path), set by the upload call. */
export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    path: text('path'),
    mediaType: varchar('media_type', { length: 200 }),
    ...timestamps,
  },
  (t) => [index('file_list_options_list_idx').on(t.fileListId, t.id)],
);

/**
 * A queue's chatbot options (2-administration §3 Chatbot option): a tree under the queue, siblings in
 * `position` order (the menu's numbers). Every node carries its queue so a whole tree is one read.
 */
export const chatbots = pgTable(
  'chatbots',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => chatbots.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: varchar('name', { length: 100 }).notNull(),
    greetingMessage: text('greeting_message'),
    /** text, attendent, queue, integration, file (2-administration §9). */
    queueType: varchar('queue_type', { length: 20 }).notNull().default('text'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    optQueueId: integer('opt_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    optUserId: integer('opt_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A queue integration's id; the integrations come with their own issue. */
    optIntegrationId: integer('opt_integration_id'),
    optFileId: integer('opt_file_id').references(() => fileLists.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('chatbots_queue_idx').on(t.queueId, t.id), index('chatbots_parent_idx').on(t.parentId)],
);

/** 3-automation §3 ContactList: a named list of members that campaigns target. */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    name: varchar('name', { length: 50 }).notNull(),
    ...timestamps,
  },
  (t) => [index('contact_lists_company_name_idx').on(t.companyId, t.name)],
);

/**
 * 3-automation §3 ContactListItem. `number` is normalised like a contact's (digits with the company's
 * country code) and unique within its list: an import merges duplicates. `isWhatsappValid` is null until a
 * connected WhatsApp connection has checked the number.
 */
export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    contactListId: integer('contact_list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 50 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    isWhatsappValid: boolean('is_whatsapp_valid'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_unique').on(t.contactListId, t.number),
    index('contact_list_items_list_name_idx').on(t.contactListId, t.name),
    // The background WhatsApp check walks the unchecked members.
    index('contact_list_items_unchecked_idx').on(t.companyId, t.id).where(sql`${t.isWhatsappValid} is null`),
  ],
);

/**
 * 3-automation §3 Campaign. Status INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA, FINALIZADA (shared/campaigns.ts).
 * The audience is a contact list or, with `tagListId`, the company's contacts carrying that tag.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    name: varchar('name', { length: 50 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('INATIVA'),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    message4: text('message4').notNull().default(''),
    message5: text('message5').notNull().default(''),
    confirmationMessage1: text('confirmation_message1').notNull().default(''),
    confirmationMessage2: text('confirmation_message2').notNull().default(''),
    confirmationMessage3: text('confirmation_message3').notNull().default(''),
    confirmationMessage4: text('confirmation_message4').notNull().default(''),
    confirmationMessage5: text('confirmation_message5').notNull().default(''),
    confirmation: boolean('confirmation').notNull().default(false),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    tagListId: integer('tag_list_id').references(() => tags.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    openTicket: boolean('open_ticket').notNull().default(false),
    /** closed, pending or open: the status of the ticket a campaign message opens. */
    statusTicket: varchar('status_ticket', { length: 10 }).notNull().default('closed'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** Why a running campaign waits (window, daily-limit, warm-up) and when it resumes; null while it sends. */
    pauseReason: varchar('pause_reason', { length: 20 }),
    resumesAt: timestamp('resumes_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('campaigns_company_idx').on(t.companyId, t.id),
    // The sender's sweep: scheduled campaigns whose time has come.
    index('campaigns_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'PROGRAMADA'`),
  ],
);

/**
 * One member of a campaign's run (3-automation §3 "shipping list"): the audience frozen when the campaign
 * starts, one row per number, claimed and recorded in the same transaction as its send is queued, so each
 * member gets the campaign once per run across restarts, crashes and servers.
 */
export const campaignShipping = pgTable(
  'campaign_shipping',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactListItemId: integer('contact_list_item_id'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    number: varchar('number', { length: 100 }).notNull(),
    name: varchar('name', { length: 250 }).notNull().default(''),
    email: varchar('email', { length: 200 }).notNull().default(''),
    /** The variant chosen for this member, variables already filled in. */
    message: text('message').notNull().default(''),
    confirmationMessage: text('confirmation_message').notNull().default(''),
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true, mode: 'date' }),
    /** The member's answer to a confirmation request, and when it came. */
    confirmationAnswer: text('confirmation_answer'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** Set when the member can never be sent to (an invalid number, an opt-out): not retried. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    failReason: varchar('fail_reason', { length: 100 }),
    /** When the sender took the member and queued its send (its job) in the same transaction. */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** Channel errors so far on this member's send; a few more and it is failed (send-error). */
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaign_shipping_campaign_number_unique').on(t.campaignId, t.number),
    // The sender's next member: not yet delivered nor failed, in id order.
    index('campaign_shipping_pending_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);

/** 3-automation §3 Campaign settings: one row per company and key, the value as JSON; missing keys read as §9's defaults. */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    companyId: tenantId(),
    key: varchar('key', { length: 50 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/** Contacts who asked a company to stop sending (an opt-out keyword): campaigns skip them at send time. */
export const campaignOptOuts = pgTable(
  'campaign_opt_outs',
  {
    companyId: tenantId(),
    number: varchar('number', { length: 100 }).notNull(),
    /** What they wrote. */
    keyword: varchar('keyword', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);

/** Campaign messages a connection sent on a day of its company's calendar: the daily ceiling counts here. */
export const campaignDailySends = pgTable(
  'campaign_daily_sends',
  {
    companyId: tenantId(),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the company's time zone. */
    day: varchar('day', { length: 10 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.day] })],
);

/**
 * A scheduled message (3-automation §3 Schedule): one text (and maybe an image) to one contact at sendAt,
 * repeated enviarQuantasVezes times every valorIntervalo units of intervalo (1 days, 2 weeks, 3 months,
 * 4 minutes), each occurrence moved off non-working days by tipoDias (5 the day before, 6 the day after).
 * `sentCount` counts the occurrences claimed so far (each has its schedule_sends row); `nextSendAt` is
 * the next one's time (null when none is left). Status PENDENTE, ENVIADA or ERRO.
 */
export const scheduledMessages = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    body: text('body').notNull(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    nextSendAt: timestamp('next_send_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    status: varchar('status', { length: 20 }).notNull().default('PENDENTE'),
    error: text('error'),
    sentCount: integer('sent_count').notNull().default(0),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** The author. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user the opened ticket goes to (openTicket). */
    ticketUserId: integer('ticket_user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    openTicket: boolean('open_ticket').notNull().default(false),
    statusTicket: varchar('status_ticket', { length: 10 }).notNull().default('closed'),
    intervalo: integer('intervalo').notNull().default(1),
    valorIntervalo: integer('valor_intervalo').notNull().default(0),
    enviarQuantasVezes: integer('enviar_quantas_vezes').notNull().default(1),
    tipoDias: integer('tipo_dias').notNull().default(4),
    assinar: boolean('assinar').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('schedules_company_idx').on(t.companyId, t.id),
    index('schedules_contact_idx').on(t.companyId, t.contactId),
    index('schedules_next_idx').on(t.companyId, t.nextSendAt),
  ],
);

/**
 * One occurrence of a schedule as it was claimed: unique per schedule and number, written in the
 * transaction that takes the occurrence, so it goes out once. `deliveredAt` and `wid` are set when the
 * channel took it; the delivery job retries until then (the send carries the row's key, so a channel
 * that knows the key drops a repeat).
 */
export const scheduleSends = pgTable(
  'schedule_sends',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => scheduledMessages.id, { onDelete: 'cascade' }),
    occurrence: integer('occurrence').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true, mode: 'date' }).notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schedule_sends_occurrence_unique').on(t.scheduleId, t.occurrence)],
);

/** A company's holidays: non-working days for the scheduled messages' day rule. */
export const companyHolidays = pgTable(
  'company_holidays',
  {
    id: serial('id').primaryKey(),
    companyId: tenantId(),
    date: date('date', { mode: 'string' }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('company_holidays_date_unique').on(t.companyId, t.date)],
);

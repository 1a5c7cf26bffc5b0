import { z } from 'zod';
import {
  type CloudApiInput,
  CONNECTION_STATUSES,
  type CompanyConnections,
  type ConnectionDetail,
  type ConnectionInput,
  cloudApiFields,
  connectionBody,
  IMPORT_DONE,
  IMPORT_PREPARING_MS,
  IMPORT_RUNNING,
} from '../../../shared/api/whatsapps';
import {
  type ConnectionRuleContext,
  connectionRules,
  randomConnectionToken,
} from '../../../shared/connection-rules';
import { VALIDATION } from '../../../shared/errors';
import { DEFAULT_SCHEDULES, type ScheduleInput, schedulesSchema } from '../../../shared/schedules';
import { formatShortDateTime } from '../../app/dates';

/**
 * What the connection dialog edits, every tab (2-administration §2.3, §3): texts and numbers as typed
 * (empty = none, or 0 for minutes), dates as their inputs hold them (local `YYYY-MM-DD` for the vacation,
 * `YYYY-MM-DDTHH:mm` for the import).
 */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  queueIds: number[];
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  token: string;
  provider: string;
  enableImportMessage: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  integrationId: number | null;
  promptId: number | null;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  collectiveVacationMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  timeCreateNewTicket: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  timeSendQueue: string;
  sendIdQueue: number | null;
  timeInactiveMessage: string;
  inactiveMessage: string;
  expiresTicket: string;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  ratingMessage: string;
  expiresTicketNPS: string;
  maxUseBotQueuesNPS: string;
  flowIdWelcome: number | null;
  flowIdNotPhrase: number | null;
  schedules: ScheduleInput[];
  /** whatsappapi connections only (CloudApiFields, on the general tab). */
  cloudApi?: CloudApiInput;
}

export type FormField = keyof ConnectionFormValues;

/** The dialog's tabs (2-administration §2.3), schedules only when the company's scheduleType is 'connection'. */
export const DIALOG_TABS = [
  'general',
  'integrations',
  'messages',
  'chatbot',
  'assessments',
  'flow',
  'schedules',
] as const;
export type DialogTab = (typeof DIALOG_TABS)[number];

const TAB_FIELDS: Record<DialogTab, readonly FormField[]> = {
  general: [
    'name',
    'isDefault',
    'queueIds',
    'allowGroup',
    'groupAsTicket',
    'token',
    'enableImportMessage',
    'importOldMessages',
    'importRecentMessages',
    'importOldMessagesGroups',
    'closedTicketsPostImported',
    'queueIdImportMessages',
    'cloudApi',
  ],
  integrations: ['integrationId', 'promptId'],
  messages: [
    'greetingMessage',
    'complationMessage',
    'outOfHoursMessage',
    'collectiveVacationMessage',
    'collectiveVacationStart',
    'collectiveVacationEnd',
  ],
  chatbot: [
    'timeCreateNewTicket',
    'maxUseBotQueues',
    'timeUseBotQueues',
    'timeSendQueue',
    'sendIdQueue',
    'timeInactiveMessage',
    'inactiveMessage',
    'expiresTicket',
    'whenExpiresTicket',
    'expiresInactiveMessage',
  ],
  assessments: ['ratingMessage', 'expiresTicketNPS', 'maxUseBotQueuesNPS'],
  flow: ['flowIdWelcome', 'flowIdNotPhrase'],
  schedules: ['schedules'],
};

/** The tab a field (or a field's path, `schedules.2.endTimeA`) is on. */
export function tabOf(path: string): DialogTab {
  const field = path.split('.')[0];
  return DIALOG_TABS.find((tab) => (TAB_FIELDS[tab] as readonly string[]).includes(field ?? '')) ?? 'general';
}

/** The first tab, in the dialog's order, holding one of the fields. */
export const firstTabOf = (paths: string[]): DialogTab | undefined =>
  DIALOG_TABS.find((tab) => paths.some((path) => tabOf(path) === tab));

const two = (n: number) => String(n).padStart(2, '0');
const localDate = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;

/** An ISO time as a date input holds it (the reader's day). */
export const toDateInput = (iso: string | null) => (iso ? localDate(new Date(iso)) : '');
/** An ISO time as a datetime-local input holds it (to the minute). */
export const toDateTimeInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${localDate(date)}T${two(date.getHours())}:${two(date.getMinutes())}`;
};

/** A date input's day from its first or to its last millisecond, in the reader's time zone. */
function fromDateInput(value: string, edge: 'start' | 'end') {
  const [year, month, day] = value.split('-').map(Number);
  const date =
    edge === 'start' ? new Date(year!, month! - 1, day!) : new Date(year!, month! - 1, day!, 23, 59, 59, 999);
  return date.toISOString();
}

/**
 * A date field for the contract: the stored time itself while the input still shows it (the input cannot
 * hold seconds or a time zone, and an unchanged date must stay unchanged), else what the input says.
 */
function dateFor(
  value: string,
  stored: string | null,
  shown: (iso: string | null) => string,
  parse: (v: string) => string,
) {
  if (value === '') return null;
  return stored && shown(stored) === value ? stored : parse(value);
}

/** The Cloud API token is written, never read back: empty in the form, kept by the server when left so. */
const emptyCloudApi: CloudApiInput = { phoneNumberId: '', wabaId: '', token: '' };

/**
 * A new connection (of `channel`) starts with the §9 defaults and a token of its own; a Cloud API one
 * also with its account's fields.
 */
export function connectionToForm(
  connection: ConnectionDetail | null,
  channel = connection?.channel,
): ConnectionFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const minutes = (value: number | undefined, fallback = 0) => String(value ?? fallback);
  return {
    ...(channel === 'whatsappapi' ? { cloudApi: { ...emptyCloudApi, ...connection?.cloudApi } } : {}),
    name: text(connection?.name),
    isDefault: connection?.isDefault ?? false,
    queueIds: connection?.queues.map((queue) => queue.id) ?? [],
    allowGroup: connection?.allowGroup ?? false,
    groupAsTicket: connection?.groupAsTicket ?? 'disabled',
    token: connection?.token ?? randomConnectionToken(),
    provider: connection?.provider ?? 'beta',
    enableImportMessage: connection?.enableImportMessage ?? false,
    importOldMessages: toDateTimeInput(connection?.importOldMessages ?? null),
    importRecentMessages: toDateTimeInput(connection?.importRecentMessages ?? null),
    importOldMessagesGroups: connection?.importOldMessagesGroups ?? false,
    closedTicketsPostImported: connection?.closedTicketsPostImported ?? false,
    queueIdImportMessages: connection?.queueIdImportMessages ?? null,
    integrationId: connection?.integrationId ?? null,
    promptId: connection?.promptId ?? null,
    greetingMessage: text(connection?.greetingMessage),
    complationMessage: text(connection?.complationMessage),
    outOfHoursMessage: text(connection?.outOfHoursMessage),
    collectiveVacationMessage: text(connection?.collectiveVacationMessage),
    collectiveVacationStart: toDateInput(connection?.collectiveVacationStart ?? null),
    collectiveVacationEnd: toDateInput(connection?.collectiveVacationEnd ?? null),
    timeCreateNewTicket: minutes(connection?.timeCreateNewTicket),
    maxUseBotQueues: minutes(connection?.maxUseBotQueues, 3),
    timeUseBotQueues: minutes(connection?.timeUseBotQueues),
    timeSendQueue: minutes(connection?.timeSendQueue),
    sendIdQueue: connection?.sendIdQueue ?? null,
    timeInactiveMessage: minutes(connection?.timeInactiveMessage),
    inactiveMessage: text(connection?.inactiveMessage),
    expiresTicket: minutes(connection?.expiresTicket),
    whenExpiresTicket: connection?.whenExpiresTicket ?? '0',
    expiresInactiveMessage: text(connection?.expiresInactiveMessage),
    ratingMessage: text(connection?.ratingMessage),
    expiresTicketNPS: minutes(connection?.expiresTicketNPS),
    maxUseBotQueuesNPS: minutes(connection?.maxUseBotQueuesNPS, 3),
    flowIdWelcome: connection?.flowIdWelcome ?? null,
    flowIdNotPhrase: connection?.flowIdNotPhrase ?? null,
    schedules: connection?.schedules ?? [...DEFAULT_SCHEDULES],
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

/** The form as the contract's body; `stored` is the connection being edited (null for a new one). */
export function toConnectionBody(
  values: ConnectionFormValues,
  stored: ConnectionDetail | null,
): ConnectionInput {
  const importDate = (field: 'importOldMessages' | 'importRecentMessages') =>
    dateFor(values[field], stored?.[field] ?? null, toDateTimeInput, (v) => new Date(v).toISOString());
  const vacationDate = (field: 'collectiveVacationStart' | 'collectiveVacationEnd', edge: 'start' | 'end') =>
    dateFor(values[field], stored?.[field] ?? null, toDateInput, (v) => fromDateInput(v, edge));
  return {
    name: values.name,
    isDefault: values.isDefault,
    queueIds: values.queueIds,
    allowGroup: values.allowGroup,
    groupAsTicket: values.groupAsTicket,
    token: values.token,
    provider: values.provider,
    enableImportMessage: values.enableImportMessage,
    importOldMessages: importDate('importOldMessages'),
    importRecentMessages: importDate('importRecentMessages'),
    importOldMessagesGroups: values.importOldMessagesGroups,
    closedTicketsPostImported: values.closedTicketsPostImported,
    queueIdImportMessages: values.queueIdImportMessages,
    integrationId: values.integrationId,
    promptId: values.promptId,
    greetingMessage: textOrNull(values.greetingMessage),
    complationMessage: textOrNull(values.complationMessage),
    outOfHoursMessage: textOrNull(values.outOfHoursMessage),
    collectiveVacationMessage: textOrNull(values.collectiveVacationMessage),
    collectiveVacationStart: vacationDate('collectiveVacationStart', 'start'),
    collectiveVacationEnd: vacationDate('collectiveVacationEnd', 'end'),
    // An empty number is 0 (2-administration §5 says so of timeSendQueue; it reads the same everywhere).
    timeCreateNewTicket: Number(values.timeCreateNewTicket),
    maxUseBotQueues: Number(values.maxUseBotQueues),
    timeUseBotQueues: Number(values.timeUseBotQueues),
    timeSendQueue: Number(values.timeSendQueue),
    sendIdQueue: values.sendIdQueue,
    timeInactiveMessage: Number(values.timeInactiveMessage),
    inactiveMessage: textOrNull(values.inactiveMessage),
    expiresTicket: Number(values.expiresTicket),
    whenExpiresTicket: values.whenExpiresTicket,
    expiresInactiveMessage: textOrNull(values.expiresInactiveMessage),
    ratingMessage: textOrNull(values.ratingMessage),
    expiresTicketNPS: Number(values.expiresTicketNPS),
    maxUseBotQueuesNPS: Number(values.maxUseBotQueuesNPS),
    flowIdWelcome: values.flowIdWelcome,
    flowIdNotPhrase: values.flowIdNotPhrase,
    schedules: values.schedules,
    ...(values.cloudApi ? { cloudApi: values.cloudApi } : {}),
  };
}

const message = z.string().max(5000, VALIDATION.tooLong);
const count = z.string().regex(/^\d{0,7}$/, VALIDATION.wholeNumber);
const id = z.number().nullable();

/**
 * The dialog's schema: the contract's rules field by field, the greeting rule, a new Cloud API
 * connection's token (an edit may leave it empty), and the body the form makes checked with the rules the
 * server applies (connection-rules.ts): same messages, same fields.
 */
export function connectionFormSchema(stored: ConnectionDetail | null, context: ConnectionRuleContext) {
  return z
    .object({
      name: connectionBody.shape.name,
      isDefault: z.boolean(),
      queueIds: z.array(z.number()),
      allowGroup: z.boolean(),
      groupAsTicket: z.enum(['enabled', 'disabled']),
      token: z.string(),
      provider: z.string(),
      enableImportMessage: z.boolean(),
      importOldMessages: z.string(),
      importRecentMessages: z.string(),
      importOldMessagesGroups: z.boolean(),
      closedTicketsPostImported: z.boolean(),
      queueIdImportMessages: id,
      integrationId: id,
      promptId: id,
      greetingMessage: message,
      complationMessage: message,
      outOfHoursMessage: message,
      collectiveVacationMessage: message,
      collectiveVacationStart: z.string(),
      collectiveVacationEnd: z.string(),
      timeCreateNewTicket: count,
      maxUseBotQueues: count,
      timeUseBotQueues: count,
      timeSendQueue: count,
      sendIdQueue: id,
      timeInactiveMessage: count,
      inactiveMessage: message,
      expiresTicket: count,
      whenExpiresTicket: z.enum(['0', '1']),
      expiresInactiveMessage: message,
      ratingMessage: message,
      expiresTicketNPS: count,
      maxUseBotQueuesNPS: count,
      flowIdWelcome: id,
      flowIdNotPhrase: id,
      schedules: schedulesSchema,
      cloudApi: cloudApiFields.optional(),
    })
    .refine((values) => values.queueIds.length <= 1 || values.greetingMessage.trim() !== '', {
      path: ['greetingMessage'],
      message: 'ERR_WAPP_GREETING_REQUIRED',
    })
    .refine((values) => stored !== null || values.cloudApi === undefined || values.cloudApi.token !== '', {
      path: ['cloudApi', 'token'],
      message: VALIDATION.required,
    })
    .superRefine((values, ctx) => connectionRules(context)(toConnectionBody(values, stored), ctx));
}

/** The form field a refused save's code points at. */
export const FIELD_OF_CODE: Partial<Record<string, FormField>> = {
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
  ERR_NO_QUEUE_FOUND: 'queueIds',
  ERR_WAPP_TOKEN_IN_USE: 'token',
  // A token another company holds: refused as unusable, without saying so.
  [VALIDATION.invalidToken]: 'token',
};

/**
 * 2-administration §4.1: editing a CONNECTED connection while its import is on asks first, since the
 * session must be deleted for WhatsApp to send the history again. Asked when the import is being turned
 * on or its settings change, not on every later save.
 */
export function importNeedsNewLogin(values: ConnectionFormValues, connection: ConnectionDetail | null) {
  if (connection?.status !== 'CONNECTED' || !values.enableImportMessage) return false;
  const before = connectionToForm(connection);
  return (
    [
      'enableImportMessage',
      'importOldMessages',
      'importRecentMessages',
      'importOldMessagesGroups',
      'queueIdImportMessages',
    ] as const
  ).some((field) => values[field] !== before[field]);
}

/** The status's label key in the connections namespace; any other value is shown as unknown (§2.1). */
export const statusKeyOf = (status: string) =>
  `status.${(CONNECTION_STATUSES as readonly string[]).includes(status) ? status : 'unknown'}`;

/** 2-administration §2.1: the session buttons a status offers. */
export type SessionButtons = 'qrcode' | 'disconnected' | 'disconnect' | 'connecting' | 'unknown';

export function sessionButtonsOf(status: string): SessionButtons {
  switch (status) {
    case 'qrcode':
      return 'qrcode';
    case 'DISCONNECTED':
      return 'disconnected';
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return 'disconnect';
    case 'OPENING':
      return 'connecting';
    default:
      return 'unknown';
  }
}

/**
 * 2-administration §4.1: the import's button on a row — close the imported tickets once done, a disabled
 * "preparing" within 35 s of the last history received — and until when it stays preparing.
 */
export function importStateOf(
  statusImportMessages: string,
  now: number,
): { button: 'closeImported' } | { button: 'preparing'; until: number } | { button: 'running' } | null {
  if (statusImportMessages === IMPORT_DONE) return { button: 'closeImported' };
  if (statusImportMessages === IMPORT_RUNNING) return { button: 'running' };
  const since = /^\d+$/.test(statusImportMessages) ? Number(statusImportMessages) : Number.NaN;
  const until = since + IMPORT_PREPARING_MS;
  return until > now ? { button: 'preparing', until } : null;
}

/** 2-administration §2.4: connected (status CONNECTED, shown online) and every other one, per company and in all. */
export function countConnections(companies: readonly CompanyConnections[]) {
  const rows = companies.map((company) => {
    const connected = company.connections.filter((c) => c.status === 'CONNECTED').length;
    return {
      company,
      connected,
      disconnected: company.connections.length - connected,
      total: company.connections.length,
    };
  });
  const totals = rows.reduce(
    (sum, row) => ({
      connected: sum.connected + row.connected,
      disconnected: sum.disconnected + row.disconnected,
      total: sum.total + row.total,
    }),
    { connected: 0, disconnected: 0, total: 0 },
  );
  return { rows, totals };
}

/** Last update as dd/MM/yy HH:mm (2-administration §2.1; other languages their own way), local time. */
export const formatUpdatedAt = (iso: string): string => formatShortDateTime(iso);

import { z } from 'zod';
import {
  type CloudApiInput,
  type ConnectionDetail,
  type ConnectionInput,
  cloudApiFields,
  connectionBody,
} from '../../../shared/api/whatsapps';
import { VALIDATION } from '../../../shared/errors';

/** What the connection dialog edits (general and messages tabs): texts as typed (empty = none). */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  queueIds: number[];
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  timeCreateNewTicket: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  /** whatsappapi connections only (CloudApiFields). */
  cloudApi?: CloudApiInput;
}

const message = z.string().max(5000, VALIDATION.tooLong);
const count = z.string().regex(/^\d{1,7}$/, VALIDATION.required);

/** The contract's name rule, numbers as typed, and 2-administration §5's greeting rule (the server checks it too). */
export const connectionFormSchema = z
  .object({
    name: connectionBody.shape.name,
    isDefault: z.boolean(),
    queueIds: z.array(z.number()),
    allowGroup: z.boolean(),
    groupAsTicket: z.enum(['enabled', 'disabled']),
    timeCreateNewTicket: count,
    maxUseBotQueues: count,
    timeUseBotQueues: count,
    greetingMessage: message,
    complationMessage: message,
    outOfHoursMessage: message,
    ratingMessage: message,
    cloudApi: cloudApiFields.optional(),
  })
  .refine((values) => values.queueIds.length <= 1 || values.greetingMessage.trim() !== '', {
    path: ['greetingMessage'],
    message: 'ERR_WAPP_GREETING_REQUIRED',
  });

/** A new connection starts with the §9 defaults. */
export function connectionToForm(
  connection: ConnectionDetail | null,
  channel = connection?.channel,
): ConnectionFormValues {
  return {
    ...(channel === 'whatsappapi' ? { cloudApi: { ...emptyCloudApi, ...connection?.cloudApi } } : {}),
    name: connection?.name ?? '',
    isDefault: connection?.isDefault ?? false,
    queueIds: connection?.queues.map((queue) => queue.id) ?? [],
    allowGroup: connection?.allowGroup ?? false,
    groupAsTicket: connection?.groupAsTicket ?? 'disabled',
    timeCreateNewTicket: String(connection?.timeCreateNewTicket ?? 0),
    maxUseBotQueues: String(connection?.maxUseBotQueues ?? 3),
    timeUseBotQueues: String(connection?.timeUseBotQueues ?? 0),
    greetingMessage: connection?.greetingMessage ?? '',
    complationMessage: connection?.complationMessage ?? '',
    outOfHoursMessage: connection?.outOfHoursMessage ?? '',
    ratingMessage: connection?.ratingMessage ?? '',
  };
}

/** The token is written, never read back: empty in the form, kept by the server when left so. */
const emptyCloudApi: CloudApiInput = { phoneNumberId: '', wabaId: '', token: '' };

/** A new Cloud API connection needs its token too (an edit may leave it empty). */
export const newCloudApiConnectionSchema = connectionFormSchema.refine(
  (values) => values.cloudApi?.token.trim() !== '',
  { path: ['cloudApi', 'token'], message: VALIDATION.required },
);

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

export function toConnectionBody(values: ConnectionFormValues): ConnectionInput {
  return {
    name: values.name,
    isDefault: values.isDefault,
    queueIds: values.queueIds,
    allowGroup: values.allowGroup,
    groupAsTicket: values.groupAsTicket,
    timeCreateNewTicket: Number(values.timeCreateNewTicket),
    maxUseBotQueues: Number(values.maxUseBotQueues),
    timeUseBotQueues: Number(values.timeUseBotQueues),
    greetingMessage: textOrNull(values.greetingMessage),
    complationMessage: textOrNull(values.complationMessage),
    outOfHoursMessage: textOrNull(values.outOfHoursMessage),
    ratingMessage: textOrNull(values.ratingMessage),
    ...(values.cloudApi ? { cloudApi: values.cloudApi } : {}),
  };
}

/** The form field a refused save points at, and the tab it is on. */
export const FIELD_OF_CODE: Partial<Record<string, keyof ConnectionFormValues>> = {
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
  ERR_NO_OTHER_WHATSAPP: 'isDefault',
};

export const MESSAGE_FIELDS: readonly (keyof ConnectionFormValues)[] = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
];

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

/** Last update as dd/MM/yy HH:mm (2-administration §2.1), local time. */
export function formatUpdatedAt(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${two(date.getFullYear() % 100)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

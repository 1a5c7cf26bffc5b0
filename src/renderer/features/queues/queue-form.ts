import { z } from 'zod';
import {
  type ChatbotInput,
  type ChatbotOption,
  type ChatbotType,
  chatbotInputSchema,
} from '../../../shared/api/chatbots';
import { type QueueDetail, queueBody, ROUTER_TIMES } from '../../../shared/api/queues';
import { VALIDATION } from '../../../shared/errors';
import { randomColor } from '../../../shared/random-color';
import { DEFAULT_SCHEDULES, type ScheduleInput, schedulesSchema } from '../../../shared/schedules';

/** One chatbot option as the dialog edits it; `key` keeps its place on screen while it has no id. */
export interface OptionFormValues {
  key: string;
  id?: number | undefined;
  name: string;
  greetingMessage: string;
  queueType: ChatbotType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: OptionFormValues[];
}

/** What the queue dialog edits: text fields as typed (empty = none), the switches, the router time. */
export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  fileListId: number | null;
  schedules: ScheduleInput[];
  chatbots: OptionFormValues[];
}

export type QueueBody = z.input<typeof queueBody>;

/**
 * The dialog's schema: the contract's rules (name, colour, each option's of 2-administration §5, the
 * service hours) and the greeting rule, which depends on how many queues the company will have (the
 * server checks it too).
 */
export const queueFormSchema = (greetingRequired: boolean) =>
  z
    .object({
      name: queueBody.shape.name,
      color: queueBody.shape.color,
      greetingMessage: z.string().max(5000, VALIDATION.tooLong),
      outOfHoursMessage: z.string().max(5000, VALIDATION.tooLong),
      orderQueue: z.string().regex(/^\d{0,9}$/),
      closeTicket: z.boolean(),
      ativarRoteador: z.boolean(),
      tempoRoteador: z.number(),
      fileListId: z.number().nullable(),
      schedules: schedulesSchema,
      // Checked as it will be sent (a changed type's leftovers dropped), with the contract's rules.
      chatbots: z.array(z.custom<OptionFormValues>().transform(toChatbotInput).pipe(chatbotInputSchema)),
    })
    .refine((values) => !greetingRequired || values.greetingMessage.trim() !== '', {
      path: ['greetingMessage'],
      message: 'ERR_WAPP_GREETING_REQUIRED',
    });

/** A greeting is needed once the company has more than one queue, counting the one being added. */
export const needsGreeting = (queueCount: number, isNew: boolean) => queueCount + (isNew ? 1 : 0) > 1;

let optionKeys = 0;
const nextKey = () => `option-${++optionKeys}`;

/** A new option, a text one until another type is chosen. */
export function newOption(): OptionFormValues {
  return {
    key: nextKey(),
    name: '',
    greetingMessage: '',
    queueType: 'text',
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
  };
}

function optionToForm(option: ChatbotOption): OptionFormValues {
  return {
    ...option,
    key: nextKey(),
    greetingMessage: option.greetingMessage ?? '',
    options: option.options.map(optionToForm),
  };
}

export function queueToForm(queue: QueueDetail | null): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? randomColor(),
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    orderQueue: queue?.orderQueue == null ? '' : String(queue.orderQueue),
    closeTicket: queue?.closeTicket ?? false,
    ativarRoteador: queue?.ativarRoteador ?? false,
    // The select offers only the §9 times; a queue that never rotated shows the first.
    tempoRoteador: queue && queue.tempoRoteador > 0 ? queue.tempoRoteador : ROUTER_TIMES[0],
    fileListId: queue?.fileListId ?? null,
    schedules: queue?.schedules ?? [...DEFAULT_SCHEDULES],
    chatbots: (queue?.chatbots ?? []).map(optionToForm),
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

/**
 * An option as saved. Only a text option opens a level, so another type's sub-options (kept on screen
 * while its type was changed) are not sent; a type's target is sent for that type only.
 */
export function toChatbotInput(option: OptionFormValues): ChatbotInput {
  const type = option.queueType;
  return {
    ...(option.id === undefined ? {} : { id: option.id }),
    name: option.name,
    greetingMessage: textOrNull(option.greetingMessage),
    queueType: type,
    closeTicket: option.closeTicket,
    optQueueId: type === 'queue' || type === 'attendent' ? option.optQueueId : null,
    optUserId: type === 'attendent' ? option.optUserId : null,
    optIntegrationId: type === 'integration' ? option.optIntegrationId : null,
    optFileId: type === 'file' ? option.optFileId : null,
    options: type === 'text' ? option.options.map(toChatbotInput) : [],
  };
}

export function toQueueBody(values: QueueFormValues): QueueBody {
  return {
    name: values.name,
    color: values.color,
    greetingMessage: textOrNull(values.greetingMessage),
    outOfHoursMessage: textOrNull(values.outOfHoursMessage),
    orderQueue: values.orderQueue === '' ? null : Number(values.orderQueue),
    closeTicket: values.closeTicket,
    ativarRoteador: values.ativarRoteador,
    tempoRoteador: values.tempoRoteador as QueueBody['tempoRoteador'],
    fileListId: values.fileListId,
    schedules: values.schedules,
    chatbots: values.chatbots.map(toChatbotInput),
  };
}

/** The form field a refused save points at, for the server's codes of 2-administration §5. */
export const FIELD_OF_CODE: Partial<Record<string, keyof QueueFormValues>> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_QUEUE_NAME_ALREADY_EXISTS: 'name',
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
};

/** The fields on the text/schedule tab: an error there brings that tab forward. */
export const SCHEDULE_TAB_FIELDS = ['outOfHoursMessage', 'schedules'] as const;

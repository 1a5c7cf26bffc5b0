import { z } from 'zod';
import { type QueueSummary, queueBody, ROUTER_TIMES } from '../../../shared/api/queues';
import { VALIDATION } from '../../../shared/errors';
import { randomColor } from '../../../shared/random-color';

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
}

export type QueueBody = z.input<typeof queueBody>;

/**
 * The dialog's schema: the contract's name and colour rules, and 2-administration §5's greeting rule,
 * which depends on how many queues the company will have (the server checks it too).
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
    })
    .refine((values) => !greetingRequired || values.greetingMessage.trim() !== '', {
      path: ['greetingMessage'],
      message: 'ERR_WAPP_GREETING_REQUIRED',
    });

/** A greeting is needed once the company has more than one queue, counting the one being added. */
export const needsGreeting = (queueCount: number, isNew: boolean) => queueCount + (isNew ? 1 : 0) > 1;

export function queueToForm(queue: QueueSummary | null): QueueFormValues {
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
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

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
  };
}

/** The form field a refused save points at, for the server's codes of 2-administration §5. */
export const FIELD_OF_CODE: Partial<Record<string, keyof QueueFormValues>> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_QUEUE_NAME_ALREADY_EXISTS: 'name',
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
};

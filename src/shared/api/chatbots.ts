import { z } from 'zod';
import { VALIDATION } from '../errors';
import { boundedText } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** 2-administration §9: what choosing an option does. */
export const CHATBOT_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotType = (typeof CHATBOT_TYPES)[number];

/** The field each type needs filled (text needs none): the queue, the attendant, the integration, the file list. */
export const CHATBOT_TARGET = {
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
} as const satisfies Partial<Record<ChatbotType, string>>;

/** 2-administration §3 Chatbot option, with its nested options in their order. */
export interface ChatbotOption {
  id: number;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotOption[];
}

export const chatbotSchema: z.ZodType<ChatbotOption, ChatbotOption> = z.object({
  id: z.number(),
  name: z.string(),
  greetingMessage: z.string().nullable(),
  queueType: z.enum(CHATBOT_TYPES),
  closeTicket: z.boolean(),
  optQueueId: z.number().nullable(),
  optUserId: z.number().nullable(),
  optIntegrationId: z.number().nullable(),
  optFileId: z.number().nullable(),
  get options() {
    return z.array(chatbotSchema);
  },
});

const nullableId = z.number().int().positive().nullable().optional();

/** An option as saved: `id` names an option of the same tree to keep (new ones have none). */
export interface ChatbotInput {
  id?: number | undefined;
  name: string;
  greetingMessage?: string | null | undefined;
  queueType?: ChatbotType | undefined;
  closeTicket?: boolean | undefined;
  optQueueId?: number | null | undefined;
  optUserId?: number | null | undefined;
  optIntegrationId?: number | null | undefined;
  optFileId?: number | null | undefined;
  options?: ChatbotInput[] | undefined;
}

/** The most options one queue's tree holds, all levels together. */
export const MAX_CHATBOT_OPTIONS = 300;

/**
 * 2-administration §5: a name of at least 4 characters; a message to go a level deeper (only text options
 * open a level); each type's target chosen.
 */
export const chatbotInputSchema: z.ZodType<ChatbotInput, ChatbotInput> = z
  .object({
    id: z.number().int().positive().optional(),
    name: boundedText(4, 100),
    greetingMessage: z.string().max(5000, VALIDATION.tooLong).nullable().optional(),
    queueType: z.enum(CHATBOT_TYPES).optional(),
    closeTicket: z.boolean().optional(),
    optQueueId: nullableId,
    optUserId: nullableId,
    optIntegrationId: nullableId,
    optFileId: nullableId,
    get options() {
      return z.array(chatbotInputSchema).max(MAX_CHATBOT_OPTIONS, VALIDATION.tooLong).optional();
    },
  })
  .superRefine((option, ctx) => {
    const type = option.queueType ?? 'text';
    if (option.options?.length) {
      if (type !== 'text') {
        ctx.addIssue({ code: 'custom', path: ['options'], message: VALIDATION.onlyTextHasOptions });
      } else if (!option.greetingMessage?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['greetingMessage'], message: VALIDATION.required });
      }
    }
    if (type !== 'text') {
      const target = CHATBOT_TARGET[type];
      if (option[target] == null)
        ctx.addIssue({ code: 'custom', path: [target], message: VALIDATION.required });
    }
  });

/** How many options a tree holds, all levels counted. */
export const countOptions = (options: readonly { options?: readonly unknown[] | undefined }[]): number =>
  options.reduce(
    (sum, option) =>
      sum + 1 + countOptions((option.options ?? []) as readonly { options?: readonly unknown[] }[]),
    0,
  );

/** POST /chatbot: an option (and its nested options) at the top of a queue's tree or under another option. */
const newChatbotBody = z.intersection(
  chatbotInputSchema,
  z
    .object({ queueId: nullableId, parentId: nullableId })
    .refine((place) => (place.queueId == null) !== (place.parentId == null), {
      path: ['queueId'],
      message: VALIDATION.required,
    }),
);

export const chatbotsRoutes = {
  /** A queue's tree (queueId), or every queue's when none is given. */
  list: defineRoute({
    method: 'GET',
    path: '/chatbot',
    access: 'admin',
    query: z.object({ queueId: z.coerce.number().int().positive().optional() }),
    response: z.array(chatbotSchema.and(z.object({ queueId: z.number() }))),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/chatbot/:id',
    access: 'admin',
    params: idParam,
    response: chatbotSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/chatbot',
    access: 'admin',
    body: newChatbotBody,
    response: chatbotSchema,
  }),
  /** The option's fields; `options`, when given, replaces its nested options. */
  update: defineRoute({
    method: 'PUT',
    path: '/chatbot/:id',
    access: 'admin',
    params: idParam,
    body: chatbotInputSchema,
    response: chatbotSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/chatbot/:id',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
};

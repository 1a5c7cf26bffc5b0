import { z } from 'zod';
import { VALIDATION } from '../../../shared/errors';

/** 1-attendance §5, §9: contact and user lookups start at 3 typed characters. */
export const LOOKUP_MIN_CHARS = 3;

/** 1-attendance §5: choosing a queue is required ('Selecione uma fila'). */
const queueChoice = z
  .number()
  .int()
  .positive()
  .nullable()
  .refine((id) => id !== null, { message: VALIDATION.selectQueue });

export const acceptFormSchema = z.object({ queueId: queueChoice });
export type AcceptFormValues = z.input<typeof acceptFormSchema>;

export const transferFormSchema = z.object({
  userId: z.number().int().positive().nullable(),
  queueId: queueChoice,
  msgTransfer: z.string().max(5000, VALIDATION.tooLong),
});
export type TransferFormValues = z.input<typeof transferFormSchema>;

export const newTicketFormSchema = z.object({
  contactId: z
    .number()
    .int()
    .positive()
    .nullable()
    .refine((id) => id !== null, { message: VALIDATION.required }),
  queueId: queueChoice,
  whatsappId: z.number().int().positive().nullable(),
});
export type NewTicketFormValues = z.input<typeof newTicketFormSchema>;

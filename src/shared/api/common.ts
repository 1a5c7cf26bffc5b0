import { z } from 'zod';
import { VALIDATION } from '../errors';

/** Text fields with the spec's messages: required → 'Required', bounds → 'Too Short!' / 'Too Long!'. */
export const boundedText = (min: number, max: number) =>
  z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .min(min, VALIDATION.tooShort)
    .max(max, VALIDATION.tooLong);

export const emailField = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .pipe(z.email(VALIDATION.invalidEmail));

/** Optional password: empty string means "unchanged"; otherwise 5–50 characters. */
export const optionalPassword = z
  .union([z.literal(''), z.string().min(5, VALIDATION.tooShort).max(50, VALIDATION.tooLong)])
  .optional();

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

export const pageQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

/** ISO timestamp on the wire. */
export const isoDate = z.string();

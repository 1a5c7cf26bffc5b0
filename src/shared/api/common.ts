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

/** Query lists arrive as JSON text (`tags=[1,2]`) or repeated values. */
export const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    try {
      const parsed: unknown = Array.isArray(v) ? v.map(Number) : JSON.parse(v);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.map(Number).filter((n) => Number.isInteger(n));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid list' });
      return z.NEVER;
    }
  });

/**
 * Where the next page of a long list continues (GET /tickets, GET /messages): opaque, handed on by each
 * page that has more and sent back with the next pageNumber, so the server reads on from there instead of
 * skipping the pages before. Without it (a jump to a page) the server counts its way there.
 */
export const pageCursor = z.string().max(200).optional();

/** A page of a list answered by pageNumber: its items under `key`, the total and whether more follow. */
export const pagedResponse = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), count: z.number(), hasMore: z.boolean() } as {
    [P in K]: z.ZodArray<T>;
  } & { count: z.ZodNumber; hasMore: z.ZodBoolean });

import { z } from 'zod';
import { hhmm } from './api/common';
import { VALIDATION } from './errors';

/**
 * 2-administration §3 "Schedule row": service hours of a company, a queue or a connection — seven
 * weekdays, two shifts (A and B) each, times HH:MM. A shift with both times empty is closed.
 */
export const WEEKDAYS = [
  { weekdayEn: 'monday', weekday: 'Segunda-feira' },
  { weekdayEn: 'tuesday', weekday: 'Terça-feira' },
  { weekdayEn: 'wednesday', weekday: 'Quarta-feira' },
  { weekdayEn: 'thursday', weekday: 'Quinta-feira' },
  { weekdayEn: 'friday', weekday: 'Sexta-feira' },
  { weekdayEn: 'saturday', weekday: 'Sábado' },
  { weekdayEn: 'sunday', weekday: 'Domingo' },
] as const;

export type WeekdayEn = (typeof WEEKDAYS)[number]['weekdayEn'];
const WEEKDAY_KEYS = WEEKDAYS.map((day) => day.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];

/** The time zone of a company that never chose one (the column's default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const time = z.union([z.literal(''), hhmm]);

export const SHIFTS = [
  { start: 'startTimeA', end: 'endTimeA' },
  { start: 'startTimeB', end: 'endTimeB' },
] as const;

/** One weekday's row. The weekday label is the product's Portuguese one, whatever the caller sent. */
export const scheduleRowSchema = z
  .object({
    weekday: z.string().max(30).optional(),
    weekdayEn: z.enum(WEEKDAY_KEYS),
    startTimeA: time,
    endTimeA: time,
    startTimeB: time,
    endTimeB: time,
  })
  .superRefine((row, ctx) => {
    for (const { start, end } of SHIFTS) {
      if (!row[start] !== !row[end]) {
        ctx.addIssue({
          code: 'custom',
          path: [row[start] ? end : start],
          message: VALIDATION.shiftIncomplete,
        });
      } else if (row[start] && row[end] <= row[start]) {
        ctx.addIssue({ code: 'custom', path: [end], message: VALIDATION.shiftEndBeforeStart });
      }
    }
    if (row.endTimeA && row.startTimeB && row.startTimeB < row.endTimeA) {
      ctx.addIssue({ code: 'custom', path: ['startTimeB'], message: VALIDATION.shiftOrder });
    }
  })
  .transform((row) => ({
    ...row,
    weekday: WEEKDAYS.find((day) => day.weekdayEn === row.weekdayEn)!.weekday as string,
  }));

export type Schedule = z.output<typeof scheduleRowSchema>;
export type ScheduleInput = z.input<typeof scheduleRowSchema>;

/** The whole week: each weekday exactly once, answered in the order Monday to Sunday. */
export const schedulesSchema = z
  .array(scheduleRowSchema)
  .length(WEEKDAYS.length)
  .superRefine((rows, ctx) => {
    const seen = new Set(rows.map((row) => row.weekdayEn));
    if (seen.size !== WEEKDAYS.length) ctx.addIssue({ code: 'custom', message: 'Each weekday once' });
  })
  .transform((rows) => WEEKDAYS.map((day) => rows.find((row) => row.weekdayEn === day.weekdayEn)!));

// 2-administration §9: service hours 08:00–12:00 and 13:00–18:00 on every day.
export const DEFAULT_SCHEDULES: readonly Schedule[] = WEEKDAYS.map((day) => ({
  ...day,
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));

/** Stored service hours (a jsonb column, null until saved) as the week they stand for. */
export function schedulesOrDefaults(stored: unknown): Schedule[] {
  if (stored === null || stored === undefined) return [...DEFAULT_SCHEDULES];
  const parsed = schedulesSchema.safeParse(stored);
  // Rows written before these rules (or by hand) that break them count as never saved.
  return parsed.success ? parsed.data : [...DEFAULT_SCHEDULES];
}

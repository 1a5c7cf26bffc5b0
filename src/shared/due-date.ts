import { wallClock } from './wall-clock';

/**
 * 2-administration §4.2: a company is overdue once its due date has passed in its own time zone (the due
 * day itself still works). No due date: never overdue.
 */
export const isPastDue = (dueDate: string | null, at: Date, timeZone: string) =>
  dueDate !== null && dueDate < wallClock(at, timeZone).day;

/** 2-administration §4.2 / §9: how many months one period of each recurrence is. */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;

/**
 * A day (YYYY-MM-DD) moved by whole months; a day the target month lacks becomes its last day
 * (31 January + 1 month is 28 or 29 February), so a renewal never skips a month.
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A calendar day ('YYYY-MM-DD') moved by whole days. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A due date moved by one period of its recurrence; an unknown recurrence is monthly. */
export const nextDueDate = (day: string, recurrence: string) =>
  addMonths(day, RECURRENCE_MONTHS[recurrence as Recurrence] ?? 1);

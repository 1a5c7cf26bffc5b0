import { wallClock } from './wall-clock';

/**
 * 2-administration §4.2: a company is overdue once its due date has passed in its own time zone (the due
 * day itself still works). No due date: never overdue.
 */
export const isPastDue = (dueDate: string | null, at: Date, timeZone: string) =>
  dueDate !== null && dueDate < wallClock(at, timeZone).day;

/** 2-administration §4.2: how far one period of each recurrence moves a due date (months). */
export const RECURRENCE_MONTHS = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;

/** A calendar day ('YYYY-MM-DD') moved by whole days. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A due date moved by one period of its recurrence; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), as a calendar does. An unknown recurrence is monthly.
 */
export function nextDueDate(day: string, recurrence: string) {
  const months = RECURRENCE_MONTHS[recurrence as Recurrence] ?? 1;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfTarget)))
    .toISOString()
    .slice(0, 10);
}

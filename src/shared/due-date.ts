import { wallClock } from './wall-clock';

/**
 * 2-administration §4.2: a company is overdue once its due date has passed in its own time zone (the due
 * day itself still works). No due date: never overdue.
 */
export const isPastDue = (dueDate: string | null, at: Date, timeZone: string) =>
  dueDate !== null && dueDate < wallClock(at, timeZone).day;

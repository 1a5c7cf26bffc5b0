/** The calendar's views and the range each shows around a day, on the browser's clock. */
export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** How many days the agenda lists from its first day. */
export const AGENDA_DAYS = 30;

const startOfDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate());
export const addDays = (at: Date, days: number) =>
  new Date(at.getFullYear(), at.getMonth(), at.getDate() + days);
const endOf = (lastDay: Date) => new Date(addDays(lastDay, 1).getTime() - 1);

/** The first and last instant a view shows around `cursor` (weeks start on Sunday). */
export function rangeOf(view: CalendarView, cursor: Date): { from: Date; to: Date } {
  const day = startOfDay(cursor);
  switch (view) {
    case 'month': {
      const first = new Date(day.getFullYear(), day.getMonth(), 1);
      const last = new Date(day.getFullYear(), day.getMonth() + 1, 0);
      return { from: addDays(first, -first.getDay()), to: endOf(addDays(last, 6 - last.getDay())) };
    }
    case 'week': {
      const from = addDays(day, -day.getDay());
      return { from, to: endOf(addDays(from, 6)) };
    }
    case 'day':
      return { from: day, to: endOf(day) };
    case 'agenda':
      return { from: day, to: endOf(addDays(day, AGENDA_DAYS - 1)) };
  }
}

/** The cursor one step back or forward in a view. */
export function step(view: CalendarView, cursor: Date, direction: 1 | -1): Date {
  if (view === 'month') return new Date(cursor.getFullYear(), cursor.getMonth() + direction, 1);
  const days = { week: 7, day: 1, agenda: AGENDA_DAYS }[view];
  return addDays(cursor, days * direction);
}

/** The days from `from` to `to`, each at its start. */
export function daysOf(from: Date, to: Date): Date[] {
  const days: Date[] = [];
  for (let at = startOfDay(from); at <= to; at = addDays(at, 1)) days.push(at);
  return days;
}

/** A day's key on the browser's clock (YYYY-MM-DD). */
export const dayKey = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** Items by the day (key) they fall on, each day's in time order. */
export function byDay<T extends { at: string }>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => a.at.localeCompare(b.at))) {
    const key = dayKey(new Date(item.at));
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return days;
}

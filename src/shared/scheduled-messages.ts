import { SHIFTS, schedulesOrDefaults } from './schedules';
import { wallClock } from './wall-clock';

/**
 * Scheduled messages (a message to one contact at a set time, maybe repeated). Not the service hours of
 * `schedules.ts`: those are the company's opening times, which the day rule below reads.
 *
 * Status: PENDENTE while an occurrence is still to go out, ENVIADA once the last one went out, ERRO when a
 * send failed for good (the series stops; saving the schedule again puts it back to PENDENTE).
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The recurrence unit (intervalo): 1 days, 2 weeks, 3 months, 4 minutes. */
export const RECURRENCE_UNITS = { 1: 'days', 2: 'weeks', 3: 'months', 4: 'minutes' } as const;
export type RecurrenceUnit = keyof typeof RECURRENCE_UNITS;
export const RECURRENCE_UNIT_VALUES = [1, 2, 3, 4] as const;

/** The day rule (tipoDias): 4 send on any day, 5 the working day before, 6 the working day after. */
export const DAY_RULES = [4, 5, 6] as const;
export type DayRule = (typeof DAY_RULES)[number];

export const SCHEDULE_DEFAULTS = {
  intervalo: 1,
  valorIntervalo: 0,
  enviarQuantasVezes: 1,
  tipoDias: 4,
  /** sendAt: now plus one hour. */
  sendAtAheadMs: 60 * 60_000,
} as const;

/** The most occurrences one schedule may have (a guard against a typo sending thousands). */
export const MAX_OCCURRENCES = 1000;
/** Rows of the list a page holds. */
export const SCHEDULES_PAGE_SIZE = 40;
/** The bytes a schedule's image may take. */
export const SCHEDULE_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** png, jpg and jpeg only. */
export const SCHEDULE_MEDIA_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

// Who sees a schedule, in a module without zod: the realtime rules the web client loads use it.
export { type ScheduleScope, scheduleVisibleTo } from './schedule-visibility';

// ---- Recurrence on the company's calendar ----

/** A calendar day and time of day as a wall clock shows them (month 1-12). */
interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function wallOf(at: Date, timeZone: string): Wall {
  const clock = wallClock(at, timeZone);
  const [year, month, day] = clock.day.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = clock.time.split(':').map(Number) as [number, number, number];
  return { year, month, day, hour, minute, second, ms: at.getUTCMilliseconds() };
}

/** The instant a wall clock in `timeZone` shows `wall` (in a DST gap, the same offset as just before). */
export function instantOf(wall: Wall, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.ms);
  let guess = asUtc;
  // Twice: the offset at the first guess may differ from the offset at the answer across a change.
  for (let i = 0; i < 2; i++) {
    const shown = wallOf(new Date(guess), timeZone);
    const shownUtc = Date.UTC(
      shown.year,
      shown.month - 1,
      shown.day,
      shown.hour,
      shown.minute,
      shown.second,
      shown.ms,
    );
    guess += asUtc - shownUtc;
  }
  return new Date(guess);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `wall` moved by whole calendar days (months keep the day, or the month's last when shorter). */
function addCalendar(wall: Wall, unit: 'days' | 'months', amount: number): Wall {
  if (unit === 'days') {
    const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + amount));
    return { ...wall, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  const index = wall.year * 12 + (wall.month - 1) + amount;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...wall, year, month, day: Math.min(wall.day, daysInMonth(year, month)) };
}

const dayText = (wall: Wall) =>
  `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;

/** Whether the company works on a calendar day: a weekday with service hours that is not a holiday. */
export interface WorkingCalendar {
  timeZone: string;
  /** Weekdays (monday … sunday) the company works on. */
  workingWeekdays: ReadonlySet<string>;
  /** YYYY-MM-DD. */
  holidays: ReadonlySet<string>;
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function isWorkingDay(wall: Wall, calendar: WorkingCalendar) {
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()]!;
  return calendar.workingWeekdays.has(weekday) && !calendar.holidays.has(dayText(wall));
}

/** What the next-occurrence rule reads of a schedule. */
export interface Recurrence {
  sendAt: Date;
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
}

/** How many occurrences the schedule has: one without an amount to repeat by. */
export const occurrencesOf = (r: Pick<Recurrence, 'valorIntervalo' | 'enviarQuantasVezes'>) =>
  r.valorIntervalo > 0 ? Math.max(1, r.enviarQuantasVezes) : 1;

/**
 * When occurrence `n` (1 for the first) is planned: sendAt plus (n − 1) × valorIntervalo of the unit,
 * always from sendAt (not from when the one before went out, nor from where the day rule moved it), on
 * the company's wall clock — 09:00 stays 09:00 across a daylight-saving change; minutes count real time.
 * The day rule then moves a non-working day to the working day before (5) or after (6), same time of day.
 * Undefined past the last occurrence.
 */
export function occurrenceAt(r: Recurrence, n: number, calendar: WorkingCalendar): Date | undefined {
  if (n < 1 || n > occurrencesOf(r)) return undefined;
  const steps = (n - 1) * r.valorIntervalo;
  const unit = RECURRENCE_UNITS[r.intervalo as RecurrenceUnit] ?? 'days';
  if (unit === 'minutes')
    return shiftToWorkingDay(new Date(r.sendAt.getTime() + steps * 60_000), r.tipoDias, calendar);
  const base = wallOf(r.sendAt, calendar.timeZone);
  const wall =
    unit === 'months'
      ? addCalendar(base, 'months', steps)
      : addCalendar(base, 'days', unit === 'weeks' ? steps * 7 : steps);
  return shiftToWorkingDay(instantOf(wall, calendar.timeZone), r.tipoDias, calendar);
}

/** The day rule on one planned time; a calendar without any working weekday leaves it where it is. */
export function shiftToWorkingDay(at: Date, tipoDias: number, calendar: WorkingCalendar): Date {
  if ((tipoDias !== 5 && tipoDias !== 6) || calendar.workingWeekdays.size === 0) return at;
  let wall = wallOf(at, calendar.timeZone);
  const step = tipoDias === 5 ? -1 : 1;
  // A year of holidays at most: the bound only keeps a broken calendar from looping.
  for (let i = 0; i < 370 && !isWorkingDay(wall, calendar); i++) wall = addCalendar(wall, 'days', step);
  return instantOf(wall, calendar.timeZone);
}

/** The weekdays the service hours open on (a day with a shift); DEFAULT_SCHEDULES until saved. */
export function workingWeekdaysOf(stored: unknown): Set<string> {
  return new Set(
    schedulesOrDefaults(stored)
      .filter((row) => SHIFTS.some(({ start, end }) => row[start] && row[end]))
      .map((row) => row.weekdayEn),
  );
}

import { type Schedule, SHIFTS, schedulesOrDefaults } from '../../shared/schedules';
import type { CompanySettings } from '../../shared/settings';
import { wallClock } from '../../shared/wall-clock';

const MINUTES_PER_DAY = 24 * 60;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A shift is open from its start (inclusive) to its end (exclusive), to the minute. An end of 23:59
 * means the end of the day: time inputs cannot write 24:00.
 */
function inShift(start: string, end: string, minutes: number): boolean {
  if (!start || !end) return false;
  const until = end === '23:59' ? MINUTES_PER_DAY : toMinutes(end);
  return minutes >= toMinutes(start) && minutes < until;
}

/**
 * Whether `at` falls in one of the day's shifts (A or B), read on the wall clock of `timeZone`
 * (docs/behaviour.md "Routing and bots": evaluated in the company's time zone). A weekday without a row
 * or with both shifts empty is closed.
 */
export function isWithinServiceHours(schedules: readonly Schedule[], at: Date, timeZone: string): boolean {
  const { weekday, minutes } = wallClock(at, timeZone);
  const day = schedules.find((row) => row.weekdayEn === weekday);
  if (!day) return false;
  return SHIFTS.some(({ start, end }) => inShift(day[start], day[end], minutes));
}

/** Anything that keeps service hours: the jsonb column as read, null until saved. */
export interface HasSchedules {
  schedules: unknown;
}

export interface ServiceHours {
  schedules: Schedule[];
  timeZone: string;
}

/**
 * The service hours that apply under the company's scheduleType setting (2-administration §3):
 * the company's, the ticket's queue's or the connection's, each the default week until saved, read in
 * the company's time zone. Null when no hours apply: scheduleType disabled, or the owner it names is
 * absent (no queue chosen yet).
 */
export function serviceHoursFor(
  scheduleType: CompanySettings['scheduleType'],
  company: HasSchedules & { timezone: string },
  queue: HasSchedules | null | undefined,
  connection: HasSchedules | null | undefined,
): ServiceHours | null {
  const owner = { disabled: null, company, queue, connection }[scheduleType];
  if (!owner) return null;
  return { schedules: schedulesOrDefaults(owner.schedules), timeZone: company.timezone };
}

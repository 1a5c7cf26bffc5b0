import {
  DEFAULT_TIME_ZONE,
  type Schedule,
  SHIFTS,
  schedulesOrDefaults,
  type WeekdayEn,
} from '../../shared/schedules';
import type { CompanySettings } from '../../shared/settings';

const MINUTES_PER_DAY = 24 * 60;

// One formatter per time zone: building one costs far more than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function formatterOrDefault(timeZone: string): Intl.DateTimeFormat {
  try {
    return formatterFor(timeZone);
  } catch {
    // An unknown zone must not stop the bot: read the hours in the product's default zone instead.
    return formatterFor(DEFAULT_TIME_ZONE);
  }
}

/** What a wall clock and calendar in `timeZone` show at `at`. */
export function wallClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterOrDefault(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    weekday: parts.weekday!.toLowerCase() as WeekdayEn,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    /** YYYY-MM-DD: calendar days compare as text. */
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

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
 * (BEHAVIOUR.md "Routing and bots": evaluated in the company's time zone). A weekday without a row
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

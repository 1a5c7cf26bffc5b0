import { DEFAULT_TIME_ZONE, type WeekdayEn } from './schedules';

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

export type WallClock = Readonly<ReturnType<typeof readWallClock>>;

function readWallClock(at: Date, timeZone: string) {
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

// The last answer: a batch (a campaign's 50 members, a scheduled minute) asks for the same instant over and over.
let last: { at: number; timeZone: string; clock: WallClock } | undefined;

/** What a wall clock and calendar in `timeZone` show at `at`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  if (last?.at !== at.getTime() || last.timeZone !== timeZone)
    last = { at: at.getTime(), timeZone, clock: Object.freeze(readWallClock(at, timeZone)) };
  return last.clock;
}

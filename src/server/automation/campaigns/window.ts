import {
  CAMPAIGN_WARM_UP_STEP,
  type CampaignSafetyValues,
  type CampaignSettingsValues,
} from '../../../shared/campaigns';
import { wallClock } from '../../../shared/wall-clock';

/** The settings the sending window reads (3-automation §3): hours and the weekend days allowed. */
export type WindowSettings = Pick<CampaignSettingsValues, 'startHour' | 'endHour' | 'sabado' | 'domingo'>;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DAY_MS = 24 * 60 * 60 * 1000;

function dayAllowed(weekday: string, settings: WindowSettings) {
  if (weekday === 'saturday') return settings.sabado;
  if (weekday === 'sunday') return settings.domingo;
  return true;
}

/**
 * Whether a campaign may send at `at`: from startHour (inclusive) to endHour (exclusive) on the wall clock
 * of the company's `timeZone`, Saturdays and Sundays only when allowed. An endHour not after startHour
 * (or 23:59) runs to the end of the day.
 */
export function inSendingWindow(at: Date, timeZone: string, settings: WindowSettings): boolean {
  const clock = wallClock(at, timeZone);
  if (!dayAllowed(clock.weekday, settings)) return false;
  const start = toMinutes(settings.startHour);
  const end = settings.endHour === '23:59' ? 24 * 60 : toMinutes(settings.endHour);
  return clock.minutes >= start && (end <= start || clock.minutes < end);
}

/** The instant whose wall clock in `timeZone` reads `day` (YYYY-MM-DD) at `hhmm`; a time a DST jump skips moves forward. */
export function instantOf(day: string, hhmm: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(toMinutes(hhmm) / 60), toMinutes(hhmm) % 60);
  const offsetAt = (t: number) => {
    const c = wallClock(new Date(t), timeZone);
    const [cy, cm, cd] = c.day.split('-').map(Number) as [number, number, number];
    const [h, mi, s] = c.time.split(':').map(Number) as [number, number, number];
    return Date.UTC(cy, cm - 1, cd, h, mi, s) - t;
  };
  // Two passes: the offset at the guess, then at the result (they differ only around a DST change). A
  // time the clocks skip reads on neither: the later instant is the one after the jump.
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  const reads = (t: number) => offsetAt(t) + t === asUtc;
  if (reads(second)) return new Date(second);
  if (reads(first)) return new Date(first);
  return new Date(Math.max(first, second));
}

/** The calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10);
}

/** `at` itself when the window is open, else when it next opens (at most a week ahead). */
export function nextSendingTime(at: Date, timeZone: string, settings: WindowSettings): Date {
  if (inSendingWindow(at, timeZone, settings)) return at;
  let day = wallClock(at, timeZone).day;
  for (let i = 0; i < 8; i++) {
    const opens = instantOf(day, settings.startHour, timeZone);
    if (opens.getTime() > at.getTime() && inSendingWindow(opens, timeZone, settings)) return opens;
    day = nextDay(day);
  }
  // No day allowed at all cannot happen (weekdays always are); wait a day and look again.
  return new Date(at.getTime() + DAY_MS);
}

/** When the next calendar day starts in `timeZone`: a daily ceiling reached waits for it. */
export function nextDayStart(at: Date, timeZone: string): Date {
  return instantOf(nextDay(wallClock(at, timeZone).day), '00:00', timeZone);
}

export type PaceSettings = Pick<
  CampaignSettingsValues,
  'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'
> &
  Pick<CampaignSafetyValues, 'jitterSeconds'>;

/**
 * The wait before the next message after `sent` messages of the run (3-automation §3): messageInterval
 * seconds, greaterInterval instead after every longerIntervalAfter messages, plus a random jitter of up to
 * jitterSeconds on a non-zero wait (`random` in [0, 1)). 0 sends the next at once.
 */
export function paceAfter(sent: number, settings: PaceSettings, random: number): number {
  const longer = settings.longerIntervalAfter > 0 && sent > 0 && sent % settings.longerIntervalAfter === 0;
  const seconds = longer
    ? Math.max(settings.greaterInterval, settings.messageInterval)
    : settings.messageInterval;
  if (seconds === 0) return 0;
  return Math.round((seconds + random * settings.jitterSeconds) * 1000);
}

/**
 * The campaign messages a connection may send today: dailyLimit (0: none), and with the warm-up 100 on
 * its first day and 100 more for each day of its age, up to dailyLimit.
 */
export function dailyCeiling(
  connectionCreatedAt: Date,
  now: Date,
  settings: Pick<CampaignSafetyValues, 'dailyLimit' | 'warmUp'>,
): number {
  const limit = settings.dailyLimit === 0 ? Number.POSITIVE_INFINITY : settings.dailyLimit;
  if (!settings.warmUp) return limit;
  const ageDays = Math.max(0, Math.floor((now.getTime() - connectionCreatedAt.getTime()) / DAY_MS));
  return Math.min(limit, CAMPAIGN_WARM_UP_STEP * (ageDays + 1));
}

import { describe, expect, it } from 'vitest';
import {
  occurrenceAt,
  occurrencesOf,
  type Recurrence,
  scheduleVisibleTo,
  shiftToWorkingDay,
  type WorkingCalendar,
  workingWeekdaysOf,
} from './scheduled-messages';
import { DEFAULT_SCHEDULES } from './schedules';

// New York changes its clocks (Brazil no longer does): 2027-03-14 02:00 → 03:00, 2027-11-07 02:00 → 01:00.
const NY = 'America/New_York';
const weekdays = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
const calendar = (holidays: string[] = []): WorkingCalendar => ({
  timeZone: NY,
  workingWeekdays: weekdays,
  holidays: new Set(holidays),
});

const every = (
  sendAt: string,
  intervalo: number,
  valorIntervalo: number,
  enviarQuantasVezes: number,
  tipoDias = 4,
): Recurrence => ({ sendAt: new Date(sendAt), intervalo, valorIntervalo, enviarQuantasVezes, tipoDias });

const all = (r: Recurrence, cal = calendar()) =>
  Array.from({ length: occurrencesOf(r) }, (_, i) => occurrenceAt(r, i + 1, cal)!.toISOString());

describe('occurrences of a scheduled message', () => {
  it('sends once without an amount to repeat by, whatever enviarQuantasVezes says', () => {
    const once = every('2027-01-06T14:00:00.000Z', 1, 0, 5);
    expect(occurrencesOf(once)).toBe(1);
    expect(occurrenceAt(once, 2, calendar())).toBeUndefined();
  });

  it('repeats daily at the same wall-clock time across the spring daylight-saving change', () => {
    // 09:00 EST is 14:00Z; after the change 09:00 EDT is 13:00Z.
    expect(all(every('2027-03-12T14:00:00.000Z', 1, 1, 4))).toEqual([
      '2027-03-12T14:00:00.000Z',
      '2027-03-13T14:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
    ]);
  });

  it('repeats every 2 weeks across the autumn change', () => {
    expect(all(every('2027-10-27T13:00:00.000Z', 2, 2, 3))).toEqual([
      '2027-10-27T13:00:00.000Z',
      '2027-11-10T14:00:00.000Z',
      '2027-11-24T14:00:00.000Z',
    ]);
  });

  it('repeats monthly from sendAt: the 31st becomes the month’s last day, then the 31st again', () => {
    expect(all(every('2027-01-31T15:00:00.000Z', 3, 1, 3))).toEqual([
      '2027-01-31T15:00:00.000Z',
      '2027-02-28T15:00:00.000Z',
      '2027-03-31T14:00:00.000Z',
    ]);
  });

  it('counts minutes in real time, through the hour the clocks skip', () => {
    expect(all(every('2027-03-14T06:30:00.000Z', 4, 45, 3))).toEqual([
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:15:00.000Z',
      '2027-03-14T08:00:00.000Z',
    ]);
  });
});

describe('the day rule (tipoDias)', () => {
  // Saturday 2027-01-16 09:00 in New York; Monday 2027-01-18 a holiday.
  const saturday = '2027-01-16T14:00:00.000Z';

  it('4 sends on a weekend day as planned', () => {
    expect(shiftToWorkingDay(new Date(saturday), 4, calendar()).toISOString()).toBe(saturday);
  });

  it('5 moves a weekend day to the Friday before, same time', () => {
    expect(shiftToWorkingDay(new Date(saturday), 5, calendar()).toISOString()).toBe(
      '2027-01-15T14:00:00.000Z',
    );
  });

  it('6 moves it to the next working day, past a holiday Monday', () => {
    expect(shiftToWorkingDay(new Date(saturday), 6, calendar(['2027-01-18'])).toISOString()).toBe(
      '2027-01-19T14:00:00.000Z',
    );
  });

  it('5 moves a holiday back to the working day before', () => {
    expect(
      shiftToWorkingDay(new Date('2027-01-18T14:00:00.000Z'), 5, calendar(['2027-01-18'])).toISOString(),
    ).toBe('2027-01-15T14:00:00.000Z');
  });

  it('leaves working days alone', () => {
    const friday = '2027-01-15T14:00:00.000Z';
    expect(shiftToWorkingDay(new Date(friday), 6, calendar(['2027-01-18'])).toISOString()).toBe(friday);
  });

  it('reads the next occurrence from the planned time, not from where the rule moved the one before', () => {
    // Weekly from Saturday: each Saturday moves to its Monday, and the next is still a Saturday.
    expect(all(every(saturday, 2, 1, 3, 6))).toEqual([
      '2027-01-18T14:00:00.000Z',
      '2027-01-25T14:00:00.000Z',
      '2027-02-01T14:00:00.000Z',
    ]);
  });

  it('keeps the wall-clock time when a move crosses the daylight-saving change', () => {
    // Saturday 2027-03-13 09:00 EST → Monday 2027-03-15 09:00 EDT.
    expect(shiftToWorkingDay(new Date('2027-03-13T14:00:00.000Z'), 6, calendar()).toISOString()).toBe(
      '2027-03-15T13:00:00.000Z',
    );
  });

  it('takes the working weekdays from the service hours: a day with a shift works', () => {
    const week = DEFAULT_SCHEDULES.map((day) =>
      day.weekdayEn === 'saturday' || day.weekdayEn === 'sunday'
        ? { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
        : day,
    );
    expect([...workingWeekdaysOf(week)].sort()).toEqual([...weekdays].sort());
    expect(workingWeekdaysOf(null).size).toBe(7);
  });
});

describe('who sees a schedule', () => {
  const viewer = { id: 7, profile: 'user' as const, super: false, queueIds: [3] };
  it('admins all; a user hers, those whose ticket goes to her, and those of her queues', () => {
    const other = { userId: 1, ticketUserId: null, queueId: null };
    expect(scheduleVisibleTo(other, viewer)).toBe(false);
    expect(scheduleVisibleTo(other, { ...viewer, profile: 'admin' })).toBe(true);
    expect(scheduleVisibleTo({ ...other, userId: 7 }, viewer)).toBe(true);
    expect(scheduleVisibleTo({ ...other, ticketUserId: 7 }, viewer)).toBe(true);
    expect(scheduleVisibleTo({ ...other, queueId: 3 }, viewer)).toBe(true);
  });
});

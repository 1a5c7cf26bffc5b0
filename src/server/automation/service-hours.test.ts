import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULES, type Schedule } from '../../shared/schedules';
import { wallClock } from '../../shared/wall-clock';
import { isWithinServiceHours, serviceHoursFor } from './service-hours';

const SAO_PAULO = 'America/Sao_Paulo'; // UTC−3 all year since 2019
const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';

const at = (iso: string) => new Date(iso);
const week = (change: (day: Schedule) => Partial<Schedule>): Schedule[] =>
  DEFAULT_SCHEDULES.map((day) => ({ ...day, ...change(day) }));
const open = (schedules: readonly Schedule[], iso: string, zone = SAO_PAULO) =>
  isWithinServiceHours(schedules, at(iso), zone);

describe('isWithinServiceHours with the default hours (08:00–12:00 and 13:00–18:00)', () => {
  it('is open from the start of shift A and closed at its end', () => {
    // Monday 2026-03-02 in São Paulo.
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T10:59:00Z')).toBe(false); // 07:59
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T11:00:00Z')).toBe(true); // 08:00
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T14:59:59Z')).toBe(true); // 11:59:59
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T15:00:00Z')).toBe(false); // 12:00
  });

  it('is closed over lunch and open again through shift B until 18:00', () => {
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T15:30:00Z')).toBe(false); // 12:30
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T16:00:00Z')).toBe(true); // 13:00
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T20:59:00Z')).toBe(true); // 17:59
    expect(open(DEFAULT_SCHEDULES, '2026-03-02T21:00:00Z')).toBe(false); // 18:00
  });

  it('applies every day of the week, weekends included', () => {
    for (let day = 2; day <= 8; day++) {
      const date = `2026-03-0${day}`;
      expect(open(DEFAULT_SCHEDULES, `${date}T13:00:00Z`), date).toBe(true);
      expect(open(DEFAULT_SCHEDULES, `${date}T23:00:00Z`), date).toBe(false);
    }
  });
});

describe('isWithinServiceHours per weekday and shift', () => {
  const weekdaysOnly = week((day) =>
    day.weekdayEn === 'saturday'
      ? { startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' }
      : day.weekdayEn === 'sunday'
        ? { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
        : {},
  );

  it("reads each weekday's own row", () => {
    expect(open(weekdaysOnly, '2026-03-07T12:30:00Z')).toBe(true); // Saturday 09:30
    expect(open(weekdaysOnly, '2026-03-07T17:00:00Z')).toBe(false); // Saturday 14:00, no shift B
    expect(open(weekdaysOnly, '2026-03-06T17:00:00Z')).toBe(true); // Friday 14:00
  });

  it('keeps a day with both shifts empty closed all day', () => {
    for (const hour of ['03', '11', '15', '20']) {
      expect(open(weekdaysOnly, `2026-03-08T${hour}:00:00Z`)).toBe(false); // Sunday
    }
  });

  it('opens a day with only shift B', () => {
    const afternoons = week(() => ({ startTimeA: '', endTimeA: '' }));
    expect(open(afternoons, '2026-03-03T12:00:00Z')).toBe(false); // Tuesday 09:00
    expect(open(afternoons, '2026-03-03T17:00:00Z')).toBe(true); // Tuesday 14:00
  });

  it('treats an end of 23:59 as the end of the day', () => {
    const allDay = week(() => ({ startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '' }));
    expect(open(allDay, '2026-03-03T02:59:30Z')).toBe(true); // Monday 23:59:30
    expect(open(allDay, '2026-03-03T03:00:00Z')).toBe(true); // Tuesday 00:00
  });

  it('is closed on a weekday missing from the rows', () => {
    const noMonday = DEFAULT_SCHEDULES.filter((day) => day.weekdayEn !== 'monday');
    expect(open(noMonday, '2026-03-02T13:00:00Z')).toBe(false);
  });
});

describe('isWithinServiceHours in the time zone given', () => {
  it('takes the weekday from the local date, not the UTC one', () => {
    // Tuesday 01:00 UTC is Monday 22:00 in São Paulo.
    expect(wallClock(at('2026-03-03T01:00:00Z'), SAO_PAULO)).toMatchObject({
      weekday: 'monday',
      minutes: 22 * 60,
    });
    const mondayEvenings = week((day) =>
      day.weekdayEn === 'monday'
        ? { startTimeB: '13:00', endTimeB: '23:00' }
        : { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
    );
    expect(open(mondayEvenings, '2026-03-03T01:00:00Z')).toBe(true);
    expect(open(mondayEvenings, '2026-03-03T01:00:00Z', 'UTC')).toBe(false);
  });

  it('gives different answers for one instant in different zones', () => {
    const instant = '2026-03-02T12:00:00Z';
    expect(open(DEFAULT_SCHEDULES, instant, SAO_PAULO)).toBe(true); // 09:00
    expect(open(DEFAULT_SCHEDULES, instant, 'Asia/Tokyo')).toBe(false); // 21:00
    expect(open(DEFAULT_SCHEDULES, instant, 'Asia/Kolkata')).toBe(true); // 17:30
  });

  it('reads midnight as 00:00, never 24:00', () => {
    expect(wallClock(at('2026-03-03T03:00:00Z'), SAO_PAULO)).toMatchObject({
      weekday: 'tuesday',
      minutes: 0,
    });
  });

  it('follows the clocks across the spring-forward change', () => {
    // New York, Sunday 2026-03-08: 02:00 EST jumps to 03:00 EDT.
    const early = week(() => ({ startTimeA: '01:00', endTimeA: '03:00', startTimeB: '', endTimeB: '' }));
    expect(open(early, '2026-03-08T06:59:00Z', NEW_YORK)).toBe(true); // 01:59 EST
    expect(open(early, '2026-03-08T07:00:00Z', NEW_YORK)).toBe(false); // 03:00 EDT
    expect(wallClock(at('2026-03-08T13:00:00Z'), NEW_YORK).minutes).toBe(9 * 60); // 09:00 EDT
    // Berlin, Sunday 2026-03-29: 02:00 CET jumps to 03:00 CEST.
    expect(open(DEFAULT_SCHEDULES, '2026-03-29T06:30:00Z', BERLIN)).toBe(true); // 08:30 CEST
    expect(open(DEFAULT_SCHEDULES, '2026-03-28T06:30:00Z', BERLIN)).toBe(false); // 07:30 CET
  });

  it('is open in both passes of the repeated hour when the clocks fall back', () => {
    // New York, Sunday 2026-11-01: 01:00–02:00 happens twice (EDT, then EST).
    const oneToTwo = week(() => ({ startTimeA: '01:00', endTimeA: '02:00', startTimeB: '', endTimeB: '' }));
    expect(open(oneToTwo, '2026-11-01T05:30:00Z', NEW_YORK)).toBe(true); // 01:30 EDT
    expect(open(oneToTwo, '2026-11-01T06:30:00Z', NEW_YORK)).toBe(true); // 01:30 EST
    expect(open(oneToTwo, '2026-11-01T07:30:00Z', NEW_YORK)).toBe(false); // 02:30 EST
  });

  it("falls back to the product's default zone for an unknown zone", () => {
    expect(wallClock(at('2026-03-02T12:00:00Z'), 'Not/AZone')).toEqual(
      wallClock(at('2026-03-02T12:00:00Z'), SAO_PAULO),
    );
  });
});

describe('serviceHoursFor', () => {
  const custom = week(() => ({ startTimeA: '10:00', endTimeA: '11:00', startTimeB: '', endTimeB: '' }));
  const company = { schedules: null, timezone: 'Europe/Lisbon' };
  const queue = { schedules: custom };
  const connection = { schedules: null };

  it('applies no hours while scheduleType is disabled', () => {
    expect(serviceHoursFor('disabled', company, queue, connection)).toBeNull();
  });

  it("takes the company's hours, the defaults until saved, in its time zone", () => {
    expect(serviceHoursFor('company', company, queue, connection)).toEqual({
      schedules: DEFAULT_SCHEDULES,
      timeZone: 'Europe/Lisbon',
    });
    expect(serviceHoursFor('company', { ...company, schedules: custom }, null, null)?.schedules).toEqual(
      custom,
    );
  });

  it("takes the queue's hours, and none while the ticket has no queue", () => {
    expect(serviceHoursFor('queue', company, queue, connection)).toEqual({
      schedules: custom,
      timeZone: 'Europe/Lisbon',
    });
    expect(serviceHoursFor('queue', company, null, connection)).toBeNull();
  });

  it("takes the connection's hours, the defaults until saved", () => {
    expect(serviceHoursFor('connection', company, queue, connection)?.schedules).toEqual(DEFAULT_SCHEDULES);
    expect(serviceHoursFor('connection', company, queue, { schedules: custom })?.schedules).toEqual(custom);
  });

  it('reads stored hours that break the rules as the defaults', () => {
    const broken = { schedules: [{ weekdayEn: 'monday', startTimeA: 'soon' }] };
    expect(serviceHoursFor('queue', company, broken, null)?.schedules).toEqual(DEFAULT_SCHEDULES);
  });
});

import { describe, expect, it } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS, fillCampaignVariables, isOptOut } from '../../../shared/campaigns';
import { dailyCeiling, inSendingWindow, instantOf, nextDayStart, nextSendingTime, paceAfter } from './window';

const NY = 'America/New_York';
const SP = 'America/Sao_Paulo';
const weekdays = CAMPAIGN_SETTINGS_DEFAULTS; // 09:00–18:00, no Saturday, no Sunday

describe('the sending window', () => {
  it('opens from startHour to endHour on the company’s wall clock', () => {
    // Wednesday 2 December 2026; São Paulo is UTC−3.
    expect(inSendingWindow(new Date('2026-12-02T11:59:59Z'), SP, weekdays)).toBe(false);
    expect(inSendingWindow(new Date('2026-12-02T12:00:00Z'), SP, weekdays)).toBe(true);
    expect(inSendingWindow(new Date('2026-12-02T20:59:59Z'), SP, weekdays)).toBe(true);
    expect(inSendingWindow(new Date('2026-12-02T21:00:00Z'), SP, weekdays)).toBe(false);
  });

  it('keeps Saturdays and Sundays closed unless allowed', () => {
    const saturdayNoon = new Date('2026-12-05T15:00:00Z');
    const sundayNoon = new Date('2026-12-06T15:00:00Z');
    expect(inSendingWindow(saturdayNoon, SP, weekdays)).toBe(false);
    expect(inSendingWindow(sundayNoon, SP, weekdays)).toBe(false);
    expect(inSendingWindow(saturdayNoon, SP, { ...weekdays, sabado: true })).toBe(true);
    expect(inSendingWindow(sundayNoon, SP, { ...weekdays, sabado: true })).toBe(false);
    expect(inSendingWindow(sundayNoon, SP, { ...weekdays, domingo: true })).toBe(true);
  });

  it('waits from Friday evening to Monday’s start, and to Saturday’s when Saturdays are allowed', () => {
    const fridayEvening = new Date('2026-12-04T21:30:00Z'); // 18:30 in São Paulo
    expect(nextSendingTime(fridayEvening, SP, weekdays).toISOString()).toBe('2026-12-07T12:00:00.000Z');
    expect(nextSendingTime(fridayEvening, SP, { ...weekdays, sabado: true }).toISOString()).toBe(
      '2026-12-05T12:00:00.000Z',
    );
    // Before the start on a weekday: the same day's start; inside: now.
    const early = new Date('2026-12-02T10:00:00Z');
    expect(nextSendingTime(early, SP, weekdays).toISOString()).toBe('2026-12-02T12:00:00.000Z');
    const inside = new Date('2026-12-02T15:00:00Z');
    expect(nextSendingTime(inside, SP, weekdays)).toBe(inside);
  });

  it('follows a daylight-saving change: 09:00 is 14:00 UTC before it and 13:00 UTC after', () => {
    // New York springs forward on Sunday 14 March 2027.
    const fridayEvening = new Date('2027-03-12T23:30:00Z'); // 18:30 EST
    expect(nextSendingTime(fridayEvening, NY, weekdays).toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(nextSendingTime(fridayEvening, NY, { ...weekdays, sabado: true }).toISOString()).toBe(
      '2027-03-13T14:00:00.000Z',
    );
    // …and falls back on Sunday 7 November 2027.
    const saturday = new Date('2027-11-06T22:30:00Z'); // 18:30 EDT
    expect(nextSendingTime(saturday, NY, { ...weekdays, domingo: true }).toISOString()).toBe(
      '2027-11-07T14:00:00.000Z',
    );
    expect(inSendingWindow(new Date('2027-03-15T13:00:00Z'), NY, weekdays)).toBe(true);
    expect(inSendingWindow(new Date('2027-03-12T13:30:00Z'), NY, weekdays)).toBe(false); // 08:30 EST
  });

  it('moves a start the clocks skip forward, and finds the next day’s start in the zone', () => {
    // 02:30 does not exist in New York on 14 March 2027.
    expect(instantOf('2027-03-14', '02:30', NY).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(nextDayStart(new Date('2027-03-13T12:00:00Z'), NY).toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(nextDayStart(new Date('2027-03-14T12:00:00Z'), NY).toISOString()).toBe('2027-03-15T04:00:00.000Z');
  });

  it('runs to the end of the day when endHour is 23:59', () => {
    const late = new Date('2026-12-03T02:30:00Z'); // Wednesday 23:30 in São Paulo
    expect(inSendingWindow(late, SP, { ...weekdays, endHour: '23:59' })).toBe(true);
  });
});

describe('the pace', () => {
  const pace = { messageInterval: 10, longerIntervalAfter: 3, greaterInterval: 60, jitterSeconds: 0 };

  it('waits messageInterval, and greaterInterval after every longerIntervalAfter messages', () => {
    expect([1, 2, 3, 4, 5, 6].map((sent) => paceAfter(sent, pace, 0))).toEqual([
      10_000, 10_000, 60_000, 10_000, 10_000, 60_000,
    ]);
    expect(paceAfter(3, { ...pace, longerIntervalAfter: 0 }, 0)).toBe(10_000);
  });

  it('adds a jitter of up to jitterSeconds, never to an interval of 0', () => {
    expect(paceAfter(1, { ...pace, jitterSeconds: 5 }, 0.5)).toBe(12_500);
    expect(paceAfter(1, { ...pace, messageInterval: 0, jitterSeconds: 5 }, 0.9)).toBe(0);
  });
});

describe('the daily ceiling', () => {
  const created = new Date('2026-12-01T12:00:00Z');
  it('warms a new connection up: 100 on its first day, 100 more a day, up to dailyLimit', () => {
    const settings = { dailyLimit: 1000, warmUp: true };
    expect(dailyCeiling(created, new Date('2026-12-01T20:00:00Z'), settings)).toBe(100);
    expect(dailyCeiling(created, new Date('2026-12-03T13:00:00Z'), settings)).toBe(300);
    expect(dailyCeiling(created, new Date('2027-02-01T00:00:00Z'), settings)).toBe(1000);
  });

  it('is dailyLimit without the warm-up, and none at 0', () => {
    expect(dailyCeiling(created, created, { dailyLimit: 250, warmUp: false })).toBe(250);
    expect(dailyCeiling(created, created, { dailyLimit: 0, warmUp: false })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('campaign variables and opt-outs', () => {
  it('fills {nome}, {numero}, {email} and the custom variables, leaving {{…}} and unknown names', () => {
    const text = 'Oi {nome} ({numero}, {email}) — {cupom} {desconhecido} {{firstName}}';
    expect(
      fillCampaignVariables(text, { name: 'Ana', number: '5511999990000', email: 'a@b.c' }, [
        { key: 'cupom', value: 'NATAL10' },
      ]),
    ).toBe('Oi Ana (5511999990000, a@b.c) — NATAL10 {desconhecido} {{firstName}}');
  });

  it('takes a whole message that is a keyword, any case and accents aside', () => {
    const keywords = ['SAIR', 'PARAR', 'STOP'];
    expect(isOptOut('sair', keywords)).toBe(true);
    expect(isOptOut(' Parar! ', keywords)).toBe(true);
    expect(isOptOut('Quero sair da lista', keywords)).toBe(false);
    expect(isOptOut('', keywords)).toBe(false);
  });
});

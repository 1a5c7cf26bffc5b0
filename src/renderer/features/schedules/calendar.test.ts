import { describe, expect, it } from 'vitest';
import { byDay, daysOf, rangeOf, step } from './calendar';

describe('the schedules calendar', () => {
  it('shows whole weeks around a month, Sunday to Saturday', () => {
    const { from, to } = rangeOf('month', new Date(2027, 1, 10));
    expect([from.getDate(), from.getMonth(), from.getDay()]).toEqual([31, 0, 0]);
    expect([to.getDate(), to.getMonth(), to.getDay()]).toEqual([6, 2, 6]);
    expect(daysOf(from, to)).toHaveLength(35);
  });

  it('steps by a month, a week, a day or the agenda’s length', () => {
    expect(step('month', new Date(2027, 0, 31), 1)).toEqual(new Date(2027, 1, 1));
    expect(step('week', new Date(2027, 0, 31), -1)).toEqual(new Date(2027, 0, 24));
    expect(step('day', new Date(2027, 0, 31), 1)).toEqual(new Date(2027, 1, 1));
    expect(step('agenda', new Date(2027, 0, 1), 1)).toEqual(new Date(2027, 0, 31));
  });

  it('groups occurrences by their day, in time order', () => {
    const late = new Date(2027, 0, 5, 18).toISOString();
    const early = new Date(2027, 0, 5, 8).toISOString();
    const next = new Date(2027, 0, 6, 9).toISOString();
    const days = byDay([{ at: late }, { at: next }, { at: early }]);
    expect(days.get('2027-01-05')).toEqual([{ at: early }, { at: late }]);
    expect(days.get('2027-01-06')).toEqual([{ at: next }]);
  });
});

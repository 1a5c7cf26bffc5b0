import { describe, expect, it } from 'vitest';
import { addDays, addMonths, nextDueDate } from './due-date';

describe('due dates', () => {
  it('moves by one period of each recurrence (2-administration §4.2)', () => {
    expect(nextDueDate('2026-01-15', 'MENSAL')).toBe('2026-02-15');
    expect(nextDueDate('2026-01-15', 'BIMESTRAL')).toBe('2026-03-15');
    expect(nextDueDate('2026-01-15', 'TRIMESTRAL')).toBe('2026-04-15');
    expect(nextDueDate('2026-01-15', 'SEMESTRAL')).toBe('2026-07-15');
    expect(nextDueDate('2026-11-15', 'ANUAL')).toBe('2027-11-15');
  });

  it('keeps to the last day of a shorter month', () => {
    expect(nextDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(nextDueDate('2028-01-31', 'MENSAL')).toBe('2028-02-29');
    expect(nextDueDate('2026-08-31', 'SEMESTRAL')).toBe('2027-02-28');
  });

  it('moves by days across months and years', () => {
    expect(addDays('2026-03-05', -10)).toBe('2026-02-23');
    expect(addDays('2026-12-28', 10)).toBe('2027-01-07');
  });

  it('moves a day by whole months across years', () => {
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
  });
});

import { describe, expect, it } from 'vitest';
import { addMonths, RECURRENCE_MONTHS } from './due-date';

describe('addMonths', () => {
  it('moves a day by whole months, across years', () => {
    expect(addMonths('2026-03-15', RECURRENCE_MONTHS.MENSAL)).toBe('2026-04-15');
    expect(addMonths('2026-11-30', RECURRENCE_MONTHS.BIMESTRAL)).toBe('2027-01-30');
    expect(addMonths('2026-05-10', RECURRENCE_MONTHS.ANUAL)).toBe('2027-05-10');
  });

  it("keeps a month's end inside the target month", () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', RECURRENCE_MONTHS.SEMESTRAL)).toBe('2027-02-28');
  });
});

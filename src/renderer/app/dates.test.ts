import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatShortDateTime } from './dates';

// Local time, as the screens show it.
const at = new Date(2024, 4, 9, 7, 5);

describe('dates as the reader writes them', () => {
  it('keeps the Brazilian formats in Portuguese', () => {
    expect(formatDay(at, 'pt')).toBe('09/05/2024');
    expect(formatClock(at, 'pt')).toBe('07:05');
    expect(formatShortDateTime(at, 'pt')).toBe('09/05/24 07:05');
  });

  it("uses each other language's own conventions", () => {
    expect(formatDay(at, 'en')).toBe('5/9/2024');
    expect(formatClock(at, 'en')).toMatch(/^7:05\sAM$/);
    expect(formatDay(at, 'tr')).toBe('09.05.2024');
    expect(formatDay(at, 'es')).toBe('9/5/2024');
  });
});

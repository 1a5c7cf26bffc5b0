import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalizeNumber } from './phone-number';

describe('normalizeNumber', () => {
  it("completes a national number with the company country's code", () => {
    expect(normalizeNumber('(85) 98888-1234', 'BR')).toBe('5585988881234');
    expect(normalizeNumber('(11) 91234-5678', 'BR')).toBe('5511912345678');
    expect(normalizeNumber('912 345 678', 'PT')).toBe('351912345678');
    expect(normalizeNumber('(011) 91234-5678', 'BR')).toBe('5511912345678');
    // DDD 55 (Rio Grande do Sul) is not taken for the country code.
    expect(normalizeNumber('(55) 99123-4567', 'BR')).toBe('5555991234567');
  });

  it('keeps a number that already has its country code', () => {
    expect(normalizeNumber('5585999990001', 'BR')).toBe('5585999990001');
    expect(normalizeNumber('+44 (0)20 7946 0018', 'BR')).toBe('442079460018');
    expect(normalizeNumber('447911123456', 'BR')).toBe('447911123456');
    // Invalid as it stands, and libphonenumber would drop its 0: kept as typed rather than changed.
    expect(normalizeNumber('5504497937157', 'BR')).toBe('5504497937157');
  });

  it('only strips formatting without a country (numbers a channel reports)', () => {
    expect(normalizeNumber('(85) 98888-1234')).toBe('85988881234');
  });
});

describe('formatPhoneNumber', () => {
  it('shows stored digits the international way', () => {
    expect(formatPhoneNumber('5585999990001')).toBe('+55 85 99999 0001');
    expect(formatPhoneNumber('447911123456')).toBe('+44 7911 123456');
  });

  it('leaves masked numbers, group ids and unknown numbers as they are', () => {
    expect(formatPhoneNumber('***********01')).toBe('***********01');
    expect(formatPhoneNumber('120363025246125888-group')).toBe('120363025246125888-group');
    expect(formatPhoneNumber('12345')).toBe('12345');
  });
});

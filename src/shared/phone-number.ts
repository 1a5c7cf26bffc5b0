import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

import { digitsOf } from './digits';

export { digitsOf };

export type Country = CountryCode;

/**
 * A person's number as stored: digits only, country code first. Numbers written internationally ("+44
 * (0)20 …" or "0044 …") go through libphonenumber, which drops the national trunk prefix a plain digit
 * strip would keep. Otherwise a number valid in the company's `country` ("(85) 98888-1234" in Brazil)
 * gets that country's code; anything else is taken as already international and only stripped of
 * formatting. Numbers a channel reports are international already: pass no country for them.
 */
export function normalizeNumber(text: string, country?: Country): string {
  const trimmed = text.trim();
  const international = trimmed.startsWith('+')
    ? trimmed
    : trimmed.startsWith('00')
      ? `+${trimmed.slice(2)}`
      : undefined;
  if (international) {
    const parsed = parsePhoneNumberFromString(international);
    return parsed?.isPossible() ? parsed.number.slice(1) : digitsOf(trimmed);
  }
  const digits = digitsOf(trimmed);
  const national = country ? parsePhoneNumberFromString(trimmed, country) : undefined;
  const completed = national?.isValid() ? national.number.slice(1) : undefined;
  // Only a completion that keeps every typed digit (a trunk 0 aside): libphonenumber would also "repair" an
  // international number it finds invalid by dropping digits, which is not ours to guess.
  return completed?.endsWith(digits.replace(/^0+/, '')) ? completed : digits;
}

/**
 * A stored number as people read it: "5585999990001" → "+55 85 99999 0001". Masked numbers (lgpdHideNumber),
 * group ids and numbers libphonenumber does not know are shown as they are.
 */
export function formatPhoneNumber(number: string): string {
  if (!/^\d+$/.test(number)) return number;
  const parsed = parsePhoneNumberFromString(`+${number}`);
  return parsed?.isValid() ? parsed.formatInternational() : number;
}

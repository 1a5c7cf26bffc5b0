import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { digitsOf } from '../../../shared/phone-number';

/**
 * A person's number as stored: digits only, country code first. Numbers written internationally ("+44
 * (0)20 …" or "0044 …") go through libphonenumber, which drops the national trunk prefix a plain digit
 * strip would keep; everything else is taken as already international and only stripped of formatting
 * (the company's country is not known, so a national number cannot be completed).
 */
export function normalizeNumber(text: string): string {
  const trimmed = text.trim();
  const international = trimmed.startsWith('+')
    ? trimmed
    : trimmed.startsWith('00')
      ? `+${trimmed.slice(2)}`
      : undefined;
  const parsed = international ? parsePhoneNumberFromString(international) : undefined;
  return parsed?.isPossible() ? parsed.number.slice(1) : digitsOf(trimmed);
}

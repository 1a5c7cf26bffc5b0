import i18n from 'i18next';
import { isLanguage, type Language } from '../../shared/i18n/types';

/**
 * Dates and times as the reader writes them: Portuguese keeps the spec's Brazilian formats (dd/MM/yyyy,
 * HH:mm), the other languages their own conventions (Intl). Read from the UI language at each call, in
 * the reader's time zone.
 */
export const DATE_LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es', tr: 'tr' };

const current = (): Language => (isLanguage(i18n.language) ? i18n.language : 'pt');
const pad = (n: number) => String(n).padStart(2, '0');

function intl(options: Intl.DateTimeFormatOptions, language: Language) {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], options);
}

/** A day: 09/05/2024 in Portuguese, 5/9/2024 in English, 9.05.2024 in Turkish. */
export function formatDay(value: string | Date, language: Language = current()): string {
  const d = new Date(value);
  if (language === 'pt') return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  return intl({ day: 'numeric', month: 'numeric', year: 'numeric' }, language).format(d);
}

/** A time of day: 07:05 in Portuguese, 7:05 AM in English. */
export function formatClock(value: string | Date, language: Language = current()): string {
  const d = new Date(value);
  if (language === 'pt') return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return intl({ hour: 'numeric', minute: '2-digit' }, language).format(d);
}

/** A day with a two-digit year and the time: dd/MM/yy HH:mm in Portuguese. */
export function formatShortDateTime(value: string | Date, language: Language = current()): string {
  const d = new Date(value);
  if (language === 'pt') {
    return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${formatClock(d, language)}`;
  }
  return intl({ dateStyle: 'short', timeStyle: 'short' }, language).format(d);
}

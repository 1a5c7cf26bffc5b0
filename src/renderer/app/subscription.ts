import type { Language } from '../../shared/i18n/types';
import { can } from '../../shared/permissions';

/** The overdue finance screen (1-attendance §2). */
export const OVERDUE_PATH = '/financeiro-aberto';

/** 2-administration §4.2 and §9: a warning shows when fewer than 5 days remain. */
export const DUE_SOON_DAYS = 5;

const DAY_MS = 86_400_000;

function calendarDay(dueDate: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** Whole calendar days from today (local date) to the due date; negative once it has passed. */
export function daysUntilDue(dueDate: string | null | undefined, today: Date): number | null {
  const due = dueDate ? calendarDay(dueDate) : null;
  if (due === null) return null;
  return Math.round((due - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / DAY_MS);
}

export type SubscriptionState =
  | { kind: 'unknown' }
  | { kind: 'overdue'; days: number }
  | { kind: 'dueSoon'; days: number }
  | { kind: 'current'; days: number };

export function subscriptionState(dueDate: string | null | undefined, today: Date): SubscriptionState {
  const days = daysUntilDue(dueDate, today);
  if (days === null) return { kind: 'unknown' };
  if (days < 0) return { kind: 'overdue', days };
  if (days < DUE_SOON_DAYS) return { kind: 'dueSoon', days };
  return { kind: 'current', days };
}

/**
 * Where a fresh sign-in lands: the overdue screen when the due date is before today, else the dashboard
 * for those who may see it (2-administration §6) and the inbox for everyone else (who would get the 403
 * page at /).
 */
export function landingPath(user: LandingUser, today: Date): string {
  if (subscriptionState(user.company.dueDate, today).kind === 'overdue') return OVERDUE_PATH;
  return can(user, 'dashboard:view') ? '/' : '/tickets';
}

type LandingUser = Parameters<typeof can>[0] & { company: { dueDate: string | null } };

/** The due-soon warning text key, singular or plural "day". */
export const dueSoonKey = (days: number) => (days === 1 ? 'auth:dueSoon.one' : 'auth:dueSoon.other');

const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-GB', es: 'es', tr: 'tr' };

/** A due date (YYYY-MM-DD) as the reader writes dates; the day never shifts with the time zone. */
export function formatDueDate(dueDate: string, language: string): string {
  const day = calendarDay(dueDate);
  if (day === null) return dueDate;
  const locale = LOCALES[language as Language] ?? language;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(day));
}

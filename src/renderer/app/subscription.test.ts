import { describe, expect, it } from 'vitest';
import {
  daysUntilDue,
  dueSoonKey,
  formatDueDate,
  landingPath,
  OVERDUE_PATH,
  subscriptionState,
} from './subscription';

const today = new Date(2025, 5, 10, 23, 30); // 10 June 2025, late evening local time

describe('the company subscription (2-administration §4.2)', () => {
  it('counts whole calendar days to the due date', () => {
    expect(daysUntilDue('2025-06-10', today)).toBe(0);
    expect(daysUntilDue('2025-06-11', today)).toBe(1);
    expect(daysUntilDue('2025-06-09', today)).toBe(-1);
    expect(daysUntilDue('2025-06-15T00:00:00.000Z', today)).toBe(5);
    expect(daysUntilDue(null, today)).toBeNull();
  });

  it('is overdue only when the due date is before today', () => {
    expect(subscriptionState('2025-06-09', today)).toEqual({ kind: 'overdue', days: -1 });
    expect(subscriptionState('2025-06-10', today).kind).toBe('dueSoon');
  });

  it('warns when fewer than 5 days remain', () => {
    expect(subscriptionState('2025-06-14', today)).toEqual({ kind: 'dueSoon', days: 4 });
    expect(subscriptionState('2025-06-15', today)).toEqual({ kind: 'current', days: 5 });
    expect(subscriptionState('2999-12-31', today).kind).toBe('current');
    expect(subscriptionState(null, today)).toEqual({ kind: 'unknown' });
  });

  it('takes an overdue company to the overdue screen after login, dashboard viewers home, others to the inbox', () => {
    const admin = {
      profile: 'admin' as const,
      super: false,
      allUserChat: 'disabled' as const,
      showDashboard: 'disabled' as const,
      allowRealTime: 'disabled' as const,
      allowConnections: 'disabled' as const,
    };
    const user = { ...admin, profile: 'user' as const };
    const due = (dueDate: string | null) => ({ company: { dueDate } });
    expect(landingPath({ ...admin, ...due('2025-06-01') }, today)).toBe(OVERDUE_PATH);
    expect(landingPath({ ...admin, ...due('2025-06-10') }, today)).toBe('/');
    expect(landingPath({ ...admin, ...due(null) }, today)).toBe('/');
    expect(landingPath({ ...user, ...due(null) }, today)).toBe('/tickets');
    expect(landingPath({ ...user, showDashboard: 'enabled', ...due(null) }, today)).toBe('/');
  });

  it('says "day" for one day and "days" otherwise', () => {
    expect(dueSoonKey(1)).toBe('auth:dueSoon.one');
    expect(dueSoonKey(0)).toBe('auth:dueSoon.other');
    expect(dueSoonKey(3)).toBe('auth:dueSoon.other');
  });

  it('writes the due date in the reader’s language without shifting the day', () => {
    expect(formatDueDate('2025-06-09', 'pt')).toBe('09/06/2025');
    expect(formatDueDate('2025-06-09', 'en')).toBe('09/06/2025');
    expect(formatDueDate('2025-06-09', 'tr')).toBe('09.06.2025');
  });
});

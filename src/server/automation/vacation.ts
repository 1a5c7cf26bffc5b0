import { wallClock } from '../../shared/wall-clock';
import type * as q from '../modules/tickets/queries';

type VacationFields = Pick<
  q.ConnectionRow,
  'collectiveVacationStart' | 'collectiveVacationEnd' | 'collectiveVacationMessage'
>;

/** Whether the connection has a collective vacation message that could still apply (one ends later than now). */
export const mayBeOnVacation = (connection: VacationFields, now: Date) =>
  Boolean(connection.collectiveVacationMessage?.trim()) &&
  connection.collectiveVacationEnd !== null &&
  // A day's margin: the end counts to the end of its day in the company's zone, which the next check reads.
  connection.collectiveVacationEnd.getTime() + 86_400_000 > now.getTime();

/**
 * docs/behaviour.md "Routing and bots", first check: within the connection's collective vacation. The dialog
 * picks dates, so the window runs from its first day to the end of its last, on the company's calendar.
 */
export function onVacation(connection: VacationFields, now: Date, timeZone: string): boolean {
  const { collectiveVacationStart: start, collectiveVacationEnd: end } = connection;
  if (!mayBeOnVacation(connection, now) || !start || !end) return false;
  const today = wallClock(now, timeZone).day;
  return wallClock(start, timeZone).day <= today && today <= wallClock(end, timeZone).day;
}

import { and, type Column, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import {
  type TicketField,
  type Viewer,
  type VisibilityRule,
  visibilityRule,
} from '../../../shared/ticket-visibility';
import { tickets } from '../../db/schema';

const columns: Record<TicketField, Column> = {
  companyId: tickets.companyId,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
};

/** The shared visibility rule as a condition on `tickets`: the server's only copy is this translation. */
function toSql(rule: VisibilityRule): SQL {
  if (typeof rule === 'boolean') return rule ? sql`true` : sql`false`;
  if ('eq' in rule) return eq(columns[rule.eq[0]], rule.eq[1]);
  if ('isNull' in rule) return isNull(columns[rule.isNull]);
  if ('in' in rule) return rule.in[1].length ? inArray(columns[rule.in[0]], [...rule.in[1]]) : sql`false`;
  if ('and' in rule) return and(...rule.and.map(toSql)) ?? sql`true`;
  if ('or' in rule) return or(...rule.or.map(toSql)) ?? sql`false`;
  return not(toSql(rule.not));
}

/** 1-attendance §6 for lists: the tickets `viewer` may see. */
export function visibleTicketsWhere(viewer: Viewer, options: { showAll: boolean }): SQL {
  return toSql(visibilityRule(viewer, options.showAll));
}

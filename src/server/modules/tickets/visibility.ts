import { and, type Column, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Ticket } from '../../../shared/api/tickets';
import { tickets } from '../../db/schema';
import { type Actor, actorCan, actorIsAdmin } from '../../platform/actor';
import type { SocketViewer } from '../../platform/events';

/** Who looks: a user and their queues. */
export type Viewer = SocketViewer;

/** The ticket fields visibility depends on. */
export interface TicketScope {
  companyId: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

type Field = keyof TicketScope;

/**
 * The rules of 1-attendance §6 as data, so the list's SQL and the check of one ticket (show, updates,
 * realtime, moments) are the same rules by construction rather than two copies kept in step.
 */
type Rule =
  | boolean
  | { eq: [Field, string | number | boolean] }
  | { isNull: Field }
  | { in: [Field, number[]] }
  | { and: Rule[] }
  | { or: Rule[] }
  | { not: Rule };

const columns: Record<Field, Column> = {
  companyId: tickets.companyId,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
};

/** 'tickets-manager:showall': admins, or users with allUserChat enabled. */
export function mayShowAll(actor: Actor) {
  return actorCan(actor, 'tickets-manager:showall');
}

function visibilityRule({ actor, queueIds }: Viewer, showAll: boolean): Rule {
  const company: Rule = { eq: ['companyId', actor.companyId] };
  // 1-attendance §4/§6: without show-all an admin's lists hold their own and unassigned tickets.
  if (actorIsAdmin(actor)) {
    return showAll
      ? company
      : { and: [company, { or: [{ eq: ['userId', actor.userId] }, { isNull: 'userId' }] }] };
  }
  const { flags } = actor;
  // Waiting tickets of the user's queues; those without a queue only with allTicket.
  const unassignedOfMyQueues: Rule = {
    and: [
      { isNull: 'userId' },
      { or: [{ in: ['queueId', queueIds] }, { and: [{ isNull: 'queueId' }, flags.allTicket === 'enable'] }] },
    ],
  };
  return {
    and: [
      company,
      flags.allowGroup || { eq: ['isGroup', false] },
      {
        or: [
          { eq: ['userId', actor.userId] },
          { and: [{ eq: ['status', 'closed'] }, flags.allHistoric === 'enabled'] },
          {
            and: [
              { not: { eq: ['status', 'closed'] } },
              (showAll && mayShowAll(actor)) || unassignedOfMyQueues,
            ],
          },
        ],
      },
    ],
  };
}

function holds(rule: Rule, ticket: TicketScope): boolean {
  if (typeof rule === 'boolean') return rule;
  if ('eq' in rule) return ticket[rule.eq[0]] === rule.eq[1];
  if ('isNull' in rule) return ticket[rule.isNull] === null;
  if ('in' in rule) {
    const value = ticket[rule.in[0]];
    return typeof value === 'number' && rule.in[1].includes(value);
  }
  if ('and' in rule) return rule.and.every((r) => holds(r, ticket));
  if ('or' in rule) return rule.or.some((r) => holds(r, ticket));
  return !holds(rule.not, ticket);
}

function toSql(rule: Rule): SQL {
  if (typeof rule === 'boolean') return rule ? sql`true` : sql`false`;
  if ('eq' in rule) return eq(columns[rule.eq[0]], rule.eq[1]);
  if ('isNull' in rule) return isNull(columns[rule.isNull]);
  if ('in' in rule) return rule.in[1].length ? inArray(columns[rule.in[0]], rule.in[1]) : sql`false`;
  if ('and' in rule) return and(...rule.and.map(toSql)) ?? sql`true`;
  if ('or' in rule) return or(...rule.or.map(toSql)) ?? sql`false`;
  return not(toSql(rule.not));
}

/**
 * 1-attendance §6. Admins may see every ticket of their company (lists: with showAll). A user sees their own tickets; waiting
 * (unassigned) tickets of their queues, and those without a queue only with allTicket; every open one
 * with showAll when allowed; closed ones of others only with allHistoric; group tickets only with
 * allowGroup. Single tickets and realtime use showAll: as much as the user could ever list.
 */
export function mayViewTicket(viewer: Viewer, ticket: TicketScope, options: { showAll?: boolean } = {}) {
  return holds(visibilityRule(viewer, options.showAll ?? true), ticket);
}

/** The same rules as a condition on `tickets`, for lists. */
export function visibleTicketsWhere(viewer: Viewer, options: { showAll: boolean }): SQL {
  return toSql(visibilityRule(viewer, options.showAll));
}

/** The viewer of a signed-in request (admins see all, so their queues are not needed). */
export function viewerOf(actor: Actor): Viewer {
  return { actor, queueIds: actorIsAdmin(actor) ? [] : actor.queueIds };
}

/** 1-attendance §6 lgpdHideNumber: all but the last two digits hidden. */
export function maskNumber(number: string) {
  return number.length <= 2 ? number : `${'*'.repeat(number.length - 2)}${number.slice(-2)}`;
}

/** A contact as `actor` may see it: with lgpdHideNumber on, a profile `user` gets masked numbers (groups excepted). */
export function presentContact<C extends { number: string; isGroup: boolean }>(
  contact: C,
  actor: Actor,
  hideNumbers: boolean,
): C {
  if (!hideNumbers || actor.profile !== 'user' || contact.isGroup) return contact;
  return { ...contact, number: maskNumber(contact.number) };
}

/** A ticket as `actor` may see it: its contact by presentContact's rule. */
export function presentTicket(ticket: Ticket, actor: Actor, hideNumbers: boolean): Ticket {
  const contact = presentContact(ticket.contact, actor, hideNumbers);
  return contact === ticket.contact ? ticket : { ...ticket, contact };
}

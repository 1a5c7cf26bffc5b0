import type { Ticket, TicketStatus } from './api/tickets';
import type { User } from './api/users';
import { can, isAdmin } from './permissions';

/**
 * Who looks: the signed-in user's fields the inbox rules read (1-attendance §6) and the ids of their
 * queues. The server builds it from the caller, the clients from the session's user (viewerOfUser).
 */
export type Viewer = Pick<
  User,
  | 'id'
  | 'companyId'
  | 'profile'
  | 'super'
  | 'allTicket'
  | 'allowGroup'
  | 'allHistoric'
  | 'allUserChat'
  | 'showDashboard'
  | 'allowRealTime'
  | 'allowConnections'
  | 'userClosePendingTicket'
> & { queueIds: readonly number[] };

/** A user as the rules read them: their queues as ids. */
export function viewerOfUser(user: Omit<Viewer, 'queueIds'> & Pick<User, 'queues'>): Viewer {
  const {
    id,
    companyId,
    profile,
    super: isSuper,
    allTicket,
    allowGroup,
    allHistoric,
    allUserChat,
    showDashboard,
    allowRealTime,
    allowConnections,
    userClosePendingTicket,
  } = user;
  return {
    id,
    companyId,
    profile,
    super: isSuper,
    allTicket,
    allowGroup,
    allHistoric,
    allUserChat,
    showDashboard,
    allowRealTime,
    allowConnections,
    userClosePendingTicket,
    queueIds: user.queues.map((q) => q.id),
  };
}

/** 'tickets-manager:showall': admins, or users with allUserChat enabled. */
export const mayShowAll = (viewer: Omit<Viewer, 'queueIds'>) => can(viewer, 'tickets-manager:showall');

/** 'tickets-manager:closeAll': admins only. */
export const mayCloseAll = (viewer: Omit<Viewer, 'queueIds'>) => can(viewer, 'tickets-manager:closeAll');

/** The group tab needs allowGroup. */
export const seesGroupTab = (viewer: Omit<Viewer, 'queueIds'>) => viewer.allowGroup;

/** Admin only: the user filter and the assigned-user tag. */
export const mayFilterByUser = (viewer: Omit<Viewer, 'queueIds'>) => isAdmin(viewer);
export const seesAssignedUser = (viewer: Omit<Viewer, 'queueIds'>) => isAdmin(viewer);

/** 1-attendance §4 Ignore: admins, users with showDashboard or with userClosePendingTicket. */
export const mayIgnore = (viewer: Omit<Viewer, 'queueIds'>) =>
  isAdmin(viewer) || viewer.showDashboard === 'enabled' || viewer.userClosePendingTicket === 'enabled';

/** A search by an admin spans all users; a normal user searches with showAll false (§6). */
export const searchShowsAll = (viewer: Omit<Viewer, 'queueIds'>) => isAdmin(viewer);

/** 1-attendance §4: accepting or transferring a WhatsApp group to a user gives it status group, not open. */
export const attendedStatus = (ticket: Pick<Ticket, 'isGroup'>): 'group' | 'open' =>
  ticket.isGroup ? 'group' : 'open';

/** The ticket fields visibility depends on. */
export interface TicketScope {
  companyId: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

export type TicketField = keyof TicketScope;

/**
 * The rules of 1-attendance §6 as data: the server translates one to SQL for its lists, and every check
 * of one ticket (the server's show, updates and realtime; the clients' live lists, bell and
 * notifications) evaluates the same value, so there is one rule rather than copies kept in step.
 */
export type VisibilityRule =
  | boolean
  | { eq: [TicketField, string | number | boolean] }
  | { isNull: TicketField }
  | { in: [TicketField, readonly number[]] }
  | { and: VisibilityRule[] }
  | { or: VisibilityRule[] }
  | { not: VisibilityRule };

/**
 * 1-attendance §6. Admins may see every ticket of their company (lists: with showAll; without it, their
 * own and unassigned ones). A user sees their own tickets; waiting (unassigned) tickets of their queues,
 * and those without a queue only with allTicket; every open one with showAll when allowed; closed ones
 * of others only with allHistoric; group tickets only with allowGroup. Single tickets and realtime use
 * showAll: as much as the user could ever list.
 */
export function visibilityRule(viewer: Viewer, showAll: boolean): VisibilityRule {
  const company: VisibilityRule = { eq: ['companyId', viewer.companyId] };
  if (isAdmin(viewer)) {
    return showAll
      ? company
      : { and: [company, { or: [{ eq: ['userId', viewer.id] }, { isNull: 'userId' }] }] };
  }
  const unassignedOfMyQueues: VisibilityRule = {
    and: [
      { isNull: 'userId' },
      {
        or: [
          { in: ['queueId', viewer.queueIds] },
          { and: [{ isNull: 'queueId' }, viewer.allTicket === 'enable'] },
        ],
      },
    ],
  };
  return {
    and: [
      company,
      viewer.allowGroup || { eq: ['isGroup', false] },
      {
        or: [
          { eq: ['userId', viewer.id] },
          { and: [{ eq: ['status', 'closed'] }, viewer.allHistoric === 'enabled'] },
          {
            and: [
              { not: { eq: ['status', 'closed'] } },
              (showAll && mayShowAll(viewer)) || unassignedOfMyQueues,
            ],
          },
        ],
      },
    ],
  };
}

/** Whether a ticket satisfies a rule. */
export function holds(rule: VisibilityRule, ticket: TicketScope): boolean {
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

export function mayViewTicket(viewer: Viewer, ticket: TicketScope, options: { showAll?: boolean } = {}) {
  return holds(visibilityRule(viewer, options.showAll ?? true), ticket);
}

/** Which tickets one live list holds: its status, whether show-all is on, the selected queues. */
export interface ListScope {
  status: TicketStatus;
  showAll: boolean;
  queueIds: readonly number[];
}

/**
 * 1-attendance §4 live lists: a ticket belongs to a list when the server's page would hold it — the
 * list's status, the visibility rule with the list's show-all, and a selected queue (a ticket without a
 * queue is left to the visibility rule, as the server's queue filter does).
 */
export function belongsInList(ticket: TicketScope, scope: ListScope, viewer: Viewer): boolean {
  return (
    ticket.status === scope.status &&
    (ticket.queueId === null || scope.queueIds.includes(ticket.queueId)) &&
    mayViewTicket(viewer, ticket, { showAll: scope.showAll })
  );
}

/**
 * Whose new inbound messages ring and reach the bell: tickets the user would list without show-all that
 * are theirs or waiting, never another user's ticket or a group the user does not see.
 */
export function concernsViewer(ticket: TicketScope, viewer: Viewer): boolean {
  return (
    (ticket.userId === null || ticket.userId === viewer.id) &&
    mayViewTicket(viewer, ticket, { showAll: false })
  );
}

/** 1-attendance §6 lgpdHideNumber: all but the last two digits hidden. */
export function maskNumber(number: string) {
  return number.length <= 2 ? number : `${'*'.repeat(number.length - 2)}${number.slice(-2)}`;
}

/** A contact as `viewer` may see it: with lgpdHideNumber on, a profile `user` gets masked numbers (groups excepted). */
export function presentContact<C extends { number: string; isGroup: boolean }>(
  contact: C,
  viewer: Pick<Viewer, 'profile'>,
  hideNumbers: boolean,
): C {
  if (!hideNumbers || viewer.profile !== 'user' || contact.isGroup) return contact;
  return { ...contact, number: maskNumber(contact.number) };
}

/** A ticket as `viewer` may see it: its contact by presentContact's rule. */
export function presentTicket(ticket: Ticket, viewer: Pick<Viewer, 'profile'>, hideNumbers: boolean): Ticket {
  const contact = presentContact(ticket.contact, viewer, hideNumbers);
  return contact === ticket.contact ? ticket : { ...ticket, contact };
}

import type { Ticket, TicketStatus } from './api/tickets';
import type { User } from './api/users';
import { can, isAdmin } from './permissions';

/** The signed-in user's fields the inbox rules read (1-attendance §6). */
export type TicketViewer = Pick<
  User,
  | 'id'
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
>;

/** 'tickets-manager:showall': admins, or users with allUserChat enabled. */
export const mayShowAll = (viewer: TicketViewer) => can(viewer, 'tickets-manager:showall');

/** 'tickets-manager:closeAll': admins only. */
export const mayCloseAll = (viewer: TicketViewer) => can(viewer, 'tickets-manager:closeAll');

/** The group tab needs allowGroup. */
export const seesGroupTab = (viewer: TicketViewer) => viewer.allowGroup;

/** Admin only: the user filter and the assigned-user tag. */
export const mayFilterByUser = (viewer: TicketViewer) => isAdmin(viewer);
export const seesAssignedUser = (viewer: TicketViewer) => isAdmin(viewer);

/** 1-attendance §4 Ignore: admins, users with showDashboard or with userClosePendingTicket. */
export const mayIgnore = (viewer: TicketViewer) =>
  isAdmin(viewer) || viewer.showDashboard === 'enabled' || viewer.userClosePendingTicket === 'enabled';

/** allTicket lets a user see tickets that have no queue; admins see every ticket. */
export const seesTicketsWithoutQueue = (viewer: TicketViewer) =>
  isAdmin(viewer) || viewer.allTicket === 'enable';

/** A search by an admin spans all users; a normal user searches with showAll false (§6). */
export const searchShowsAll = (viewer: TicketViewer) => isAdmin(viewer);

/** Which tickets one live list holds: its status, whether show-all is on, the selected queues. */
export interface ListScope {
  status: TicketStatus;
  showAll: boolean;
  queueIds: readonly number[];
}

type Scoped = Pick<Ticket, 'status' | 'userId' | 'queueId' | 'isGroup'>;

/**
 * 1-attendance §4 live list rules: a ticket belongs to a list when it has the list's status, is the
 * user's own or unowned (or show-all applies; closed ones of others with allHistoric), and its queue is
 * a selected one (or it has none and the user may see tickets without a queue). Groups need allowGroup.
 */
export function belongsInList(ticket: Scoped, scope: ListScope, viewer: TicketViewer): boolean {
  if (ticket.status !== scope.status) return false;
  if (ticket.isGroup && !isAdmin(viewer) && !viewer.allowGroup) return false;
  const owner =
    ticket.userId === null ||
    ticket.userId === viewer.id ||
    (scope.showAll && mayShowAll(viewer)) ||
    (ticket.status === 'closed' && viewer.allHistoric === 'enabled');
  if (!owner) return false;
  return ticket.queueId === null ? seesTicketsWithoutQueue(viewer) : scope.queueIds.includes(ticket.queueId);
}

/**
 * Whose new inbound messages ring and reach the bell: tickets the user may see that are theirs or
 * waiting, never another user's ticket or a group the user does not see.
 */
export function concernsViewer(ticket: Scoped, viewer: TicketViewer): boolean {
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (ticket.isGroup && !isAdmin(viewer) && !viewer.allowGroup) return false;
  return ticket.queueId !== null || seesTicketsWithoutQueue(viewer);
}

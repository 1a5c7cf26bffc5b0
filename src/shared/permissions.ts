import type { Plan, PlanFlag } from './api/plans';
import type { User } from './api/users';

type Actor = Pick<
  User,
  'profile' | 'super' | 'allUserChat' | 'showDashboard' | 'allowRealTime' | 'allowConnections'
>;

/** The permission rules named in the screens (1-attendance §6, 2-administration §6). */
export type Permission =
  | 'user-modal:editProfile'
  | 'user-modal:editQueues'
  | 'tickets-manager:showall'
  | 'ticket-options:deleteTicket'
  | 'contacts-page:deleteContact'
  | 'dashboard:view'
  | 'drawer-admin-items:view'
  | 'connections-page:actionButtons'
  | 'connections-page:addConnection'
  | 'connections-page:editOrDeleteConnection'
  | 'tickets-manager:closeAll';

const ADMIN_STATIC: readonly Permission[] = [
  'user-modal:editProfile',
  'user-modal:editQueues',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'dashboard:view',
  'drawer-admin-items:view',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'tickets-manager:closeAll',
];

export const isAdmin = (user: Pick<User, 'profile' | 'super'>) => user.profile === 'admin' || user.super;

export function can(user: Actor, permission: Permission): boolean {
  if (isAdmin(user)) return ADMIN_STATIC.includes(permission);
  switch (permission) {
    case 'tickets-manager:showall':
      return user.allUserChat === 'enabled';
    case 'dashboard:view':
      return user.showDashboard === 'enabled';
    case 'connections-page:actionButtons':
    case 'connections-page:addConnection':
    case 'connections-page:editOrDeleteConnection':
      return user.allowConnections === 'enabled';
    default:
      return false;
  }
}

/** The management menu group (Dashboard, Reports, real-time panel). */
export const seesManagement = (user: Actor) =>
  isAdmin(user) || user.showDashboard === 'enabled' || user.allowRealTime === 'enabled';

/** 2-administration §6: the attendance panel, unless a user's allowRealTime is disabled. */
export const seesRealTime = (user: Actor) => isAdmin(user) || user.allowRealTime !== 'disabled';

/** allowConnections makes a user act as admin for connections and the admin menu. */
export const seesAdminMenu = (user: Actor) => isAdmin(user) || user.allowConnections === 'enabled';

export const planAllows = (plan: Pick<Plan, PlanFlag> | undefined, flag: PlanFlag) => Boolean(plan?.[flag]);

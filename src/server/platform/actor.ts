import type { User } from '../../shared/api/users';
import { can, type Permission } from '../../shared/permissions';
import type { CompanySettings } from '../../shared/settings';
import type { Viewer } from '../../shared/ticket-visibility';

/** The signed-in caller. Services take the company from here, never from the request. */
export interface Actor {
  userId: number;
  companyId: number;
  profile: User['profile'];
  super: boolean;
  sessionId: string;
  /** The user's queues, read with the user: every ticket request checks visibility against them. */
  queueIds: number[];
  /** The company's version (company_versions) as of this request: lists cached at it are current. */
  dataVersion: string;
  /** The company's due date has passed (2-administration §4.2); never for the super user. */
  overdue: boolean;
  /** The company's settings as of this request, read with the user (masking, LGPD, ticket rules). */
  settings: CompanySettings;
  flags: Pick<
    User,
    | 'allTicket'
    | 'allowGroup'
    | 'allHistoric'
    | 'allUserChat'
    | 'userClosePendingTicket'
    | 'showDashboard'
    | 'allowRealTime'
    | 'allowConnections'
  >;
}

export const actorIsAdmin = (actor: Actor) => actor.profile === 'admin' || actor.super;

/** 1-attendance §6 lgpdHideNumber: whether the caller's company masks numbers. */
export const hidesNumbersFor = (actor: Actor) => actor.settings.lgpdHideNumber === 'enabled';

/** A permission rule of the screens (1-attendance §6) for the signed-in caller. */
export const actorCan = (actor: Actor, permission: Permission) =>
  can({ profile: actor.profile, super: actor.super, ...actor.flags }, permission);

/** The caller as the shared rules read them (ticket visibility, realtime): admins see all, so their queues are not needed. */
export function viewerOf(actor: Actor): Viewer {
  return {
    id: actor.userId,
    companyId: actor.companyId,
    profile: actor.profile,
    super: actor.super,
    ...actor.flags,
    queueIds: actorIsAdmin(actor) ? [] : actor.queueIds,
  };
}

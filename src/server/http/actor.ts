import type { User } from '../../shared/api/users';

/** The signed-in caller. Services take the company from here, never from the request. */
export interface Actor {
  userId: number;
  companyId: number;
  profile: User['profile'];
  super: boolean;
  sessionId: string;
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

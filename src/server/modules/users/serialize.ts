import type { User } from '../../../shared/api/users';
import type { TenantDb } from '../../platform/tenant';
import type { Presence } from '../../realtime/presence';
import { queuesOfUsers, type UserRow } from './queries';

/** Public shape of users (1-attendance §3): never the password hash or token version. */
export async function serializeUsers(db: TenantDb, rows: UserRow[], presence: Presence): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, online] = await Promise.all([queuesOfUsers(db, ids), presence.online(ids)]);
  return rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    email: r.email,
    profile: r.profile as User['profile'],
    super: r.super,
    profileImage: r.profileImage,
    online: online.has(r.id),
    whatsappId: r.whatsappId,
    queues: links.filter((l) => l.userId === r.id).map(({ id, name, color }) => ({ id, name, color })),
    startWork: r.startWork,
    endWork: r.endWork,
    farewellMessage: r.farewellMessage,
    allTicket: r.allTicket as User['allTicket'],
    allowGroup: r.allowGroup,
    defaultTheme: r.defaultTheme as User['defaultTheme'],
    defaultMenu: r.defaultMenu as User['defaultMenu'],
    allHistoric: r.allHistoric as User['allHistoric'],
    allUserChat: r.allUserChat as User['allUserChat'],
    userClosePendingTicket: r.userClosePendingTicket as User['userClosePendingTicket'],
    showDashboard: r.showDashboard as User['showDashboard'],
    allowRealTime: r.allowRealTime as User['allowRealTime'],
    allowConnections: r.allowConnections as User['allowConnections'],
    defaultTicketsManagerWidth: r.defaultTicketsManagerWidth,
    twoFactor: r.totpEnabledAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function serializeUser(db: TenantDb, row: UserRow, presence: Presence): Promise<User> {
  const [user] = await serializeUsers(db, [row], presence);
  return user!;
}

import { asc, eq, inArray } from 'drizzle-orm';
import type { User } from '../../../shared/api/users';
import { queues, userQueues, type users } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';
import type { Presence } from '../../realtime/presence';

type UserRow = typeof users.$inferSelect;

/** Public shape of users (1-attendance §3): never the password hash or token version. */
export async function serializeUsers(db: DbOrTx, rows: UserRow[], presence: Presence): Promise<User[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(
      inArray(
        userQueues.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  return rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    email: r.email,
    profile: r.profile as User['profile'],
    super: r.super,
    profileImage: r.profileImage,
    online: presence.isOnline(r.id),
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
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function serializeUser(db: DbOrTx, row: UserRow, presence: Presence): Promise<User> {
  const [user] = await serializeUsers(db, [row], presence);
  return user!;
}

import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isPastDue } from '../../shared/due-date';
import { perDatabase } from '../db/named';
import { outer } from '../db/outer';
import { companies, companyVersions, userQueues, users } from '../db/schema';
import { sessionEnd } from '../modules/auth/queries';
import { companySettingsOf, PLATFORM_COMPANY_ID } from '../modules/settings/queries';
import type { Actor } from '../platform/actor';
import { AppError } from '../platform/app-error';
import { bearerToken } from '../platform/bearer-token';
import type { Db } from '../platform/database';
import type { ServerDeps } from '../platform/deps';

/**
 * docs/behaviour.md "Auth and sessions": 401 when not authenticated (the client logs out), 403 when the access
 * token has expired (the client refreshes once and retries). A token from an older login is a 401.
 */
export async function authenticate(
  deps: ServerDeps,
  req: FastifyRequest,
  optional: true,
): Promise<Actor | null>;
export async function authenticate(deps: ServerDeps, req: FastifyRequest, optional?: false): Promise<Actor>;
export async function authenticate(
  deps: ServerDeps,
  req: FastifyRequest,
  optional = false,
): Promise<Actor | null> {
  const token = bearerToken(req);
  if (!token) {
    if (optional) return null;
    throw new AppError('ERR_SESSION_EXPIRED', 401);
  }
  const result = await deps.tokens.verify(token);
  if (!result.ok) {
    if (optional) return null;
    throw new AppError('ERR_SESSION_EXPIRED', result.reason === 'expired' ? 403 : 401);
  }
  return actorFromClaims(deps, result.claims);
}

/** The caller with their queues and their company's settings: one prepared statement per database. */
const callerQuery = perDatabase((db) =>
  db
    .select({
      id: users.id,
      companyId: users.companyId,
      tokenVersion: users.tokenVersion,
      profile: users.profile,
      super: users.super,
      allTicket: users.allTicket,
      allowGroup: users.allowGroup,
      allHistoric: users.allHistoric,
      allUserChat: users.allUserChat,
      userClosePendingTicket: users.userClosePendingTicket,
      showDashboard: users.showDashboard,
      allowRealTime: users.allowRealTime,
      allowConnections: users.allowConnections,
      // A one-table select names its columns bare: the outer ones are qualified by hand.
      queueIds: sql<
        number[]
      >`array(select ${userQueues.queueId} from ${userQueues} where ${userQueues.userId} = ${outer(users.id)})`,
      settings: companySettingsOf(outer(users.companyId)),
      dueDate: sql<
        string | null
      >`(select ${companies.dueDate}::text from ${companies} where ${companies.id} = ${outer(users.companyId)})`,
      timezone: sql<string>`(select ${companies.timezone} from ${companies} where ${companies.id} = ${outer(users.companyId)})`,
      companyActive: sql<boolean>`(select ${companies.status} from ${companies} where ${companies.id} = ${outer(users.companyId)})`,
      dataVersion: sql<string>`coalesce((select ${companyVersions.version} from ${companyVersions} where ${companyVersions.companyId} = ${outer(users.companyId)}), 0)::text`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('atendo_caller'),
);

/** The caller's row, one round trip: the user with their queues and their company's settings. */
async function loadCaller(db: Db, userId: number) {
  const [row] = await callerQuery(db).execute({ userId });
  return row;
}

/** One round trip per request: the user with their queues and their company's settings. */
export async function actorFromClaims(
  deps: ServerDeps,
  claims: { userId: number; companyId: number; tokenVersion: number; sessionId: string },
): Promise<Actor> {
  const row = await loadCaller(deps.db, claims.userId);
  if (!row || row.tokenVersion !== claims.tokenVersion || row.companyId !== claims.companyId) {
    // Looked up only on refusal: a session ended by a login elsewhere is told apart from one that expired.
    const replaced = row && (await sessionEnd(deps.db, claims.sessionId)) === 'replaced';
    throw new AppError(replaced ? 'ERR_SESSION_REPLACED' : 'ERR_SESSION_EXPIRED', 401);
  }
  // A company switched off keeps nobody in, whatever access token they still hold; the platform's never is.
  if (!isActive(row)) throw new AppError('ERR_COMPANY_INACTIVE', 401);
  return toActor(row, claims.sessionId);
}

/** A connected user read again (their access changed); undefined once they are gone from the company. */
export async function reloadActor(db: Db, actor: Actor): Promise<Actor | undefined> {
  const row = await loadCaller(db, actor.userId);
  return row && row.companyId === actor.companyId && isActive(row)
    ? toActor(row, actor.sessionId)
    : undefined;
}

type CallerRow = NonNullable<Awaited<ReturnType<typeof loadCaller>>>;

const isActive = (row: CallerRow) => row.companyActive !== false || row.companyId === PLATFORM_COMPANY_ID;

function toActor(row: CallerRow, sessionId: string): Actor {
  const {
    id,
    companyId,
    tokenVersion: _v,
    profile,
    super: isSuper,
    queueIds,
    settings,
    dataVersion,
    dueDate,
    timezone,
    companyActive: _active,
    ...flags
  } = row;
  return {
    userId: id,
    companyId,
    dataVersion,
    profile: profile as Actor['profile'],
    super: isSuper,
    sessionId,
    queueIds,
    // The platform's own company never expires (1-attendance §1).
    overdue: !isSuper && companyId !== PLATFORM_COMPANY_ID && isPastDue(dueDate, new Date(), timezone),
    settings,
    flags: flags as Actor['flags'],
  };
}

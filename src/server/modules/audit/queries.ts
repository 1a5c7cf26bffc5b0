import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { auditLogs, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';
import type { TenantDb } from '../../platform/tenant';

/** Entries of the filters, newest first, with the acting user's name; one more than asked tells of a next page. */
export function selectAuditPage(
  db: TenantDb | DbOrTx,
  filters: { search: string; action?: string; companyId?: number },
  page: { limit: number; offset: number },
) {
  const pattern = `%${escapeLike(filters.search)}%`;
  const where: (SQL | undefined)[] = [
    filters.search
      ? or(
          ilike(auditLogs.action, pattern),
          ilike(auditLogs.entity, pattern),
          ilike(auditLogs.entityId, pattern),
          ilike(users.name, pattern),
        )
      : undefined,
    filters.action ? eq(auditLogs.action, filters.action) : undefined,
    filters.companyId ? eq(auditLogs.companyId, filters.companyId) : undefined,
  ];
  return db
    .select({ log: auditLogs, userName: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(and(...where))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

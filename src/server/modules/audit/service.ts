import type { z } from 'zod';
import type { AuditRecord, auditRoutes } from '../../../shared/api/audit';
import type { Context } from '../../platform/deps';
import { selectAuditPage } from './queries';

export const AUDIT_PAGE_SIZE = 50;

type Query = z.output<(typeof auditRoutes)['list']['query']>;

/**
 * GET /audit-logs: a company's admins read their own company's entries (its handle); the super user reads
 * every company's, over the database itself, optionally one company's.
 */
export async function listAudit(ctx: Context, query: Query) {
  const offset = (query.pageNumber - 1) * AUDIT_PAGE_SIZE;
  const filters = { search: query.searchParam.trim(), action: query.action, companyId: query.companyId };
  const rows = await selectAuditPage(ctx.actor.super ? ctx.deps.db : ctx.db, filters, {
    limit: AUDIT_PAGE_SIZE,
    offset,
  });
  const records: AuditRecord[] = rows.slice(0, AUDIT_PAGE_SIZE).map(({ log, userName }) => ({
    id: log.id,
    companyId: log.companyId,
    userId: log.userId,
    userName,
    action: log.action,
    entity: log.entity,
    entityId: log.entityId,
    changes: log.changes as AuditRecord['changes'],
    ip: log.ip,
    createdAt: log.createdAt.toISOString(),
  }));
  return { records, hasMore: rows.length > AUDIT_PAGE_SIZE };
}

import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../shared/api/audit';
import { auditLogs } from '../../db/schema';
import type { Context } from '../../platform/deps';
import type { TenantDb } from '../../platform/tenant';

/** Who acted and from where: a signed-in user and their address, or the platform (a bank's notice). */
export interface AuditWho {
  userId: number | null;
  ip: string | null;
}

/** A request's context: the caller, and the request their address comes from (none from code called directly). */
export type AuditedContext = Context & { req?: Pick<FastifyRequest, 'ip'> };

export const auditWho = (ctx: AuditedContext): AuditWho => ({
  userId: ctx.actor.userId,
  ip: ctx.req?.ip ?? null,
});

/** An action's entry in the caller's company, on `tx` (the transaction of the change). */
export const auditIn = (ctx: AuditedContext, tx: TenantDb, entry: AuditEntry) =>
  recordAudit(tx, auditWho(ctx), entry);

type Fields = Record<string, unknown>;

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId: string | number;
  before?: Fields;
  after?: Fields;
}

/** The fields that differ between before and after, each side with its own value (dates as text). */
export function changedFields(before: Fields | undefined, after: Fields | undefined) {
  const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete('updatedAt');
  keys.delete('createdAt');
  const changed = [...keys].filter(
    (key) => JSON.stringify(plain(before?.[key])) !== JSON.stringify(plain(after?.[key])),
  );
  const side = (fields: Fields | undefined) =>
    fields &&
    Object.fromEntries(changed.filter((key) => key in fields).map((key) => [key, plain(fields[key])]));
  return { ...(before && { before: side(before) }), ...(after && { after: side(after) }) };
}

/**
 * Writes one audit entry on `db`, the transaction of the change it tells of (so both commit or neither),
 * in the company of that handle.
 */
export async function recordAudit(db: TenantDb, who: AuditWho, entry: AuditEntry) {
  await db.insert(auditLogs).values({
    userId: who.userId,
    ip: who.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    changes: changedFields(entry.before, entry.after),
  });
}

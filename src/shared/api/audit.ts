import { z } from 'zod';
import { pageQuery } from './common';
import { defineRoute } from './contract';

/** What the audit log records (the list grows with the services that call the recorder). */
export const AUDIT_ACTIONS = [
  'plan.create',
  'plan.update',
  'plan.delete',
  'payment.confirm',
  'login',
  'login.failed',
  'twoFactor.enable',
  'twoFactor.disable',
  'twoFactor.reset',
  'user.create',
  'user.update',
  'user.delete',
  'setting.update',
  'queue.create',
  'queue.update',
  'queue.delete',
  'connection.create',
  'connection.update',
  'connection.delete',
  'company.create',
  'company.update',
  'company.renew',
  'company.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.object({
    before: z.record(z.string(), z.unknown()).optional(),
    after: z.record(z.string(), z.unknown()).optional(),
  }),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRecord = z.output<typeof auditRecordSchema>;

export const auditRoutes = {
  /**
   * The audit log, newest first: a company's admins read their company's, the super user every company's.
   * searchParam looks at the action, the record and the user's name; action and companyId filter.
   */
  list: defineRoute({
    method: 'GET',
    path: '/audit-logs',
    access: 'admin',
    query: pageQuery.extend({
      action: z.enum(AUDIT_ACTIONS).optional(),
      companyId: z.coerce.number().int().positive().optional(),
    }),
    response: z.object({ records: z.array(auditRecordSchema), hasMore: z.boolean() }),
  }),
};

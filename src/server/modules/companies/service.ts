import type { z } from 'zod';
import type { Company, CompanySchedules, companyBody, Recurrence } from '../../../shared/api/companies';
import { addMonths, RECURRENCE_MONTHS } from '../../../shared/due-date';
import { VALIDATION } from '../../../shared/errors';
import { type Schedule, schedulesOrDefaults } from '../../../shared/schedules';
import { PLATFORM_COMPANY_ID } from '../../../shared/settings';
import { isUniqueViolation } from '../../db/errors';
import type { Actor } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import type { Context, ServerDeps } from '../../platform/deps';
import type { FolderUsage } from '../../platform/media';
import { tenantDb } from '../../platform/tenant';
import { type AuditEntry, type AuditedContext, auditIn } from '../audit/recorder';
import { hashPassword } from '../auth/password';
import { findPlan, insertCompanyWithAdmin } from '../auth/queries';
import { ensureOpenInvoice } from '../invoices/service';
import * as q from './queries';
import { NEVER_DUE } from './queries';

/**
 * Its own admins reach a company; the super user reaches any (2-administration §6): past this check the
 * queries run over the database itself.
 */
function mayManage(actor: Actor, companyId: number) {
  if (companyId !== actor.companyId && !actor.super) throw forbidden();
}

function answer(row: { schedules: unknown; timezone: string } | undefined): CompanySchedules {
  if (!row) throw notFound('ERR_NO_COMPANY_FOUND');
  return { schedules: schedulesOrDefaults(row.schedules), timezone: row.timezone };
}

export async function showCompanySchedules(ctx: Context, companyId: number) {
  mayManage(ctx.actor, companyId);
  return answer(await q.findCompanySchedules(ctx.deps.db, companyId));
}

/** 2-administration §7: PUT /companies/{id}/schedules replaces the whole week. */
export async function updateCompanySchedules(ctx: Context, companyId: number, schedules: Schedule[]) {
  mayManage(ctx.actor, companyId);
  return answer(await q.updateCompanySchedules(ctx.deps.db, companyId, schedules));
}

// The super administrator's companies screen (2-administration §2.6): over the database itself, past the
// contract's super access.

const PAGE_SIZE = 20;
type CompanyValues = z.output<typeof companyBody>;

/** Where a company's files are, in each store (media and avatars alike): `company<id>/`. */
const folderOf = (companyId: number) => `company${companyId}`;

/** Its files in every store, read from the stores themselves. */
async function folderUsage(deps: ServerDeps, companyId: number): Promise<FolderUsage> {
  const [media, avatars] = await Promise.all([
    deps.media.usage(folderOf(companyId)),
    deps.avatars.usage(folderOf(companyId)),
  ]);
  const newest = [media.updatedAt, avatars.updatedAt].filter((d): d is Date => d !== null);
  return {
    size: media.size + avatars.size,
    files: media.files + avatars.files,
    updatedAt: newest.length ? new Date(Math.max(...newest.map((d) => d.getTime()))) : null,
  };
}

async function serializeCompany(deps: ServerDeps, { company, plan }: q.ListedCompany): Promise<Company> {
  const usage = await folderUsage(deps, company.id);
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    plan,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence as Recurrence,
    document: company.document,
    paymentMethod: company.paymentMethod,
    createdAt: company.createdAt.toISOString(),
    lastLogin: company.lastLogin?.toISOString() ?? null,
    folderSize: usage.size,
    numberFileFolder: usage.files,
    updatedAtFolder: usage.updatedAt?.toISOString() ?? null,
    numberAttendants: company.numberAttendants,
    numberConections: company.numberConections,
  };
}

const serializeAll = (deps: ServerDeps, rows: q.ListedCompany[]) =>
  Promise.all(rows.map((row) => serializeCompany(deps, row)));

async function answerCompany(deps: ServerDeps, id: number) {
  const row = await q.findListedCompany(deps.db, id);
  if (!row) throw notFound('ERR_NO_COMPANY_FOUND');
  return serializeCompany(deps, row);
}

export async function listCompanies(ctx: Context): Promise<Company[]> {
  return serializeAll(ctx.deps, await q.selectCompanies(ctx.deps.db));
}

export async function pageCompanies(ctx: Context, query: { searchParam: string; pageNumber: number }) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const [rows, count] = await Promise.all([
    q.selectCompanies(ctx.deps.db, query.searchParam, { limit: PAGE_SIZE, offset }),
    q.countCompanies(ctx.deps.db, query.searchParam),
  ]);
  return { companies: await serializeAll(ctx.deps, rows), count, hasMore: offset + rows.length < count };
}

export function showCompany(ctx: Context, id: number) {
  return answerCompany(ctx.deps, id);
}

/** 2-administration §4.2: the platform's company is never due, whatever the form sends. */
const dueDateOf = (id: number | undefined, dueDate: string | null) =>
  id === PLATFORM_COMPANY_ID ? NEVER_DUE : dueDate;

function columnsOf(id: number | undefined, input: CompanyValues) {
  const { passwordDefault: _password, dueDate, ...fields } = input;
  return { ...fields, dueDate: dueDateOf(id, dueDate) };
}

async function assertPlan(db: DbOrTx, planId: number) {
  if (!(await findPlan(db, planId))) throw notFound('ERR_NO_PLAN_FOUND');
}

const emailTaken = (err: unknown): never => {
  if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
  throw err;
};

/** A new company with its first admin, who signs in with the company's e-mail and passwordDefault. */
/** A company's change in the audit log: the super user's action, in their own company's log. */
const auditCompany = (ctx: AuditedContext, tx: DbOrTx, entry: Omit<AuditEntry, 'entity'>) =>
  auditIn(ctx, tenantDb(tx, ctx.actor.companyId), { ...entry, entity: 'company' });

export async function createCompany(ctx: AuditedContext, input: CompanyValues): Promise<Company> {
  if (!input.passwordDefault) throw new AppError(VALIDATION.required, 400);
  await assertPlan(ctx.deps.db, input.planId);
  const passwordHash = await hashPassword(input.passwordDefault);
  const { company } = await insertCompanyWithAdmin(
    ctx.deps.db,
    columnsOf(undefined, input),
    { name: input.name, email: input.email, passwordHash, profile: 'admin' },
    async (tx, created) => {
      await auditCompany(ctx, tx, { action: 'company.create', entityId: created.id, after: created });
      await ensureOpenInvoice(tenantDb(tx, created.id));
    },
  ).catch(emailTaken);
  return answerCompany(ctx.deps, company.id);
}

/** The company's fields; its users (the first admin's password included) are the users screen's. */
export async function updateCompany(ctx: AuditedContext, id: number, input: CompanyValues): Promise<Company> {
  await assertPlan(ctx.deps.db, input.planId);
  await ctx.deps.db.transaction(async (tx) => {
    const before = await q.lockCompanyRow(tx, id);
    if (!before) throw notFound('ERR_NO_COMPANY_FOUND');
    const [after] = await q.updateCompanyRow(tx, id, columnsOf(id, input));
    await auditCompany(ctx, tx, { action: 'company.update', entityId: id, before, after });
    // A due date set near (or past) opens its invoice with it; the daily job would a day later.
    await ensureOpenInvoice(tenantDb(tx, id));
  });
  return answerCompany(ctx.deps, id);
}

/**
 * 2-administration §4.2: the due date moves by one period of the company's recurrence (from today when it
 * had none); the overdue block lifts at the company's next request. The platform's company stays never due.
 */
export async function renewCompany(ctx: AuditedContext, id: number): Promise<Company> {
  await ctx.deps.db.transaction(async (tx) => {
    const found = await q.findCompanyDue(tx, id);
    if (!found) throw notFound('ERR_NO_COMPANY_FOUND');
    const from = found.dueDate ?? new Date().toISOString().slice(0, 10);
    const months = RECURRENCE_MONTHS[found.recurrence as Recurrence];
    const dueDate = dueDateOf(id, addMonths(from, months))!;
    await q.setCompanyDueDate(tx, id, dueDate);
    await auditCompany(ctx, tx, {
      action: 'company.renew',
      entityId: id,
      before: { dueDate: found.dueDate },
      after: { dueDate },
    });
    await ensureOpenInvoice(tenantDb(tx, id));
  });
  return answerCompany(ctx.deps, id);
}

/**
 * The company and everything it owns go in one transaction (the foreign keys cascade); its users' sessions
 * end and its files leave the stores once that has committed.
 */
export async function deleteCompany(ctx: AuditedContext, id: number) {
  if (id === PLATFORM_COMPANY_ID) throw new AppError('ERR_PLATFORM_COMPANY', 400);
  const members = await ctx.deps.db.transaction(async (tx) => {
    const before = await q.lockCompanyRow(tx, id);
    const removed = await q.deleteCompanyRow(tx, id);
    if (removed && before) await auditCompany(ctx, tx, { action: 'company.delete', entityId: id, before });
    return removed;
  });
  if (!members) throw notFound('ERR_NO_COMPANY_FOUND');
  for (const userId of members) ctx.events.sessionsEnded(userId);
  await Promise.all([ctx.deps.media.removeFolder(folderOf(id)), ctx.deps.avatars.removeFolder(folderOf(id))]);
  return { ok: true as const };
}

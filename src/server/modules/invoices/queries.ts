import { and, desc, eq, ilike, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID } from '../../../shared/settings';
import { escapeLike } from '../../db/like';
import { type PageWindow, selectPage } from '../../db/page';
import { companies, invoices, pixCharges, plans } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

export type InvoiceRow = typeof invoices.$inferSelect;
export type ChargeRow = typeof pixCharges.$inferSelect;

/** The company's due date, where its days are counted, and its plan: what its invoices are made of. */
export async function selectBilling(db: TenantDb) {
  const [row] = await db
    .select({
      dueDate: sql<string | null>`${companies.dueDate}::text`,
      timezone: companies.timezone,
      recurrence: companies.recurrence,
      plan: {
        id: plans.id,
        name: plans.name,
        amount: plans.amount,
        users: plans.users,
        connections: plans.connections,
      },
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId));
  return row;
}

/** The paying companies (not the platform's) whose due date is on or before `day`. */
export async function companiesDueBy(db: DbOrTx, day: string) {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(isNotNull(companies.dueDate), lte(companies.dueDate, day), ne(companies.id, PLATFORM_COMPANY_ID)),
    );
  return rows.map((row) => row.id);
}

/** The open invoice of a due date, once: the unique (company, due date) makes a second insert nothing. */
export async function insertOpenInvoice(db: TenantDb, values: TenantInsertValue<typeof invoices>) {
  await db.insert(invoices).values(values).onConflictDoNothing();
}

/** Those whose detail, status or due date holds `search` (any case). */
export function invoicesMatching(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(invoices.detail, pattern),
    ilike(invoices.status, pattern),
    sql`${invoices.dueDate}::text like ${pattern}`,
  );
}

/** A page of the company's invoices, the latest due date first. */
export function selectInvoicePage(db: TenantDb, where: SQL | undefined, page: PageWindow) {
  const ordered = db.select().from(invoices).where(where).orderBy(desc(invoices.dueDate), desc(invoices.id));
  return selectPage(db, invoices, where, ordered, page);
}

export async function findInvoice(db: TenantDb, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findPlan(db: DbOrTx, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function insertCharge(db: TenantDb, values: TenantInsertValue<typeof pixCharges>) {
  await db.insert(pixCharges).values(values);
}

export async function findCharge(db: TenantDb, txid: string) {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  return row;
}

/** Which company a charge is of: the webhook's only way to know. */
export async function companyOfCharge(db: DbOrTx, txid: string) {
  const [row] = await db
    .select({ companyId: pixCharges.companyId })
    .from(pixCharges)
    .where(eq(pixCharges.txid, txid));
  return row?.companyId;
}

/** The charge, its invoice and its company locked: two deliveries of one payment take turns. */
export async function lockChargeForPayment(db: TenantDb, txid: string) {
  const [row] = await db
    .select({
      charge: pixCharges,
      invoiceDueDate: invoices.dueDate,
      dueDate: sql<string | null>`${companies.dueDate}::text`,
      recurrence: companies.recurrence,
    })
    .from(pixCharges)
    .innerJoin(invoices, eq(invoices.id, pixCharges.invoiceId))
    .innerJoin(companies, eq(companies.id, pixCharges.companyId))
    .where(eq(pixCharges.txid, txid))
    .for('update');
  return row;
}

export async function markChargePaid(db: TenantDb, txid: string, at: Date) {
  await db
    .update(pixCharges)
    .set({ status: 'CONCLUIDA', paidAt: at, updatedAt: at })
    .where(and(eq(pixCharges.txid, txid)));
}

export async function markInvoicePaid(
  db: TenantDb,
  id: number,
  paid: Pick<InvoiceRow, 'status' | 'detail' | 'users' | 'connections' | 'value' | 'paidAt'>,
) {
  await db
    .update(invoices)
    .set({ ...paid, updatedAt: paid.paidAt ?? new Date() })
    .where(eq(invoices.id, id));
}

export async function updateCompanySubscription(db: TenantDb, values: { dueDate: string; planId?: number }) {
  await db.update(companies).set({ ...values, updatedAt: new Date() });
}

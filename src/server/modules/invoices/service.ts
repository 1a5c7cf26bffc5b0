import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import {
  customPlanPrice,
  INVOICE_OPEN,
  INVOICE_PAID,
  type Invoice,
  type PixChargeAnswer,
  type pixWebhookBody,
  type subscriptionBody,
} from '../../../shared/api/invoices';
import { addDays, nextDueDate } from '../../../shared/due-date';
import { wallClock } from '../../../shared/wall-clock';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ServerDeps } from '../../platform/deps';
import { type EventSink, toCompany } from '../../platform/events';
import { type TenantDb, tenantDb } from '../../platform/tenant';
import { type AuditWho, recordAudit } from '../audit/recorder';
import { PLATFORM_COMPANY_ID } from '../settings/queries';
import * as q from './queries';

/** 2-administration §2.9: the open invoice of a due date exists from this many days before it. */
export const INVOICE_LEAD_DAYS = 10;
export const INVOICES_PAGE_SIZE = 20;

function toInvoice(row: q.InvoiceRow): Invoice {
  return {
    id: row.id,
    detail: row.detail,
    users: row.users,
    connections: row.connections,
    dueDate: row.dueDate,
    value: row.value,
    status: row.status,
    linkInvoice: row.linkInvoice,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * Makes the company's open invoice of its coming due date once it is 10 days away or less (or past):
 * its plan's amount, users and connections. Called by the daily job (opening.ts) and where a due date is
 * set (signup, the companies screen, a payment); the unique (company, due date) makes it once however many
 * call at the same time. The platform company pays none. Never on a read: GET /invoices only reads.
 */
export async function ensureOpenInvoice(db: TenantDb, now = new Date()) {
  if (db.companyId === PLATFORM_COMPANY_ID) return;
  const billing = await q.selectBilling(db);
  if (!billing?.dueDate) return;
  const today = wallClock(now, billing.timezone).day;
  if (today < addDays(billing.dueDate, -INVOICE_LEAD_DAYS)) return;
  const { plan } = billing;
  await q.insertOpenInvoice(db, {
    detail: plan.name,
    users: plan.users,
    connections: plan.connections,
    value: plan.amount,
    dueDate: billing.dueDate,
    status: INVOICE_OPEN,
  });
}

/** GET /invoices: 20 a page, the latest due date first; the search looks at detail, status and due date. */
export async function listInvoices(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * INVOICES_PAGE_SIZE;
  const { rows, total } = await q.selectInvoicePage(ctx.db, q.invoicesMatching(query.searchParam.trim()), {
    limit: INVOICES_PAGE_SIZE,
    offset,
  });
  return { invoices: rows.map(toInvoice), count: total, hasMore: offset + rows.length < total };
}

/** What the checkout's Personalizar step chose, priced on the server (a price sent is never trusted). */
async function pricedChoice(ctx: Context, choice: z.output<typeof subscriptionBody>['plan']) {
  if (choice.kind === 'custom') {
    const { users, connections } = choice;
    return {
      planId: null,
      detail: `${users}/${connections}`,
      users,
      connections,
      value: customPlanPrice(users, connections),
    };
  }
  const plan = await q.findPlan(ctx.deps.db, choice.planId);
  const billing = await q.selectBilling(ctx.db);
  // A private plan is offered only to the company already on it.
  if (!plan || (!plan.isPublic && plan.id !== billing?.plan.id)) throw notFound('ERR_NO_PLAN_FOUND');
  return {
    planId: plan.id,
    detail: plan.name,
    users: plan.users,
    connections: plan.connections,
    value: plan.amount,
  };
}

/**
 * POST /subscription: a Pix charge for an open invoice at the chosen plan's price, made at the provider
 * first (a call to a bank is no part of a transaction), then kept by its txid for the webhook.
 */
export async function subscribe(
  ctx: Context,
  input: z.output<typeof subscriptionBody>,
): Promise<PixChargeAnswer> {
  const provider = ctx.deps.payments;
  if (!provider) throw new AppError('ERR_BILLING_NOT_CONFIGURED', 503);
  const invoice = await q.findInvoice(ctx.db, input.invoiceId);
  if (!invoice) throw notFound('ERR_NO_INVOICE_FOUND');
  if (invoice.status === INVOICE_PAID) throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);
  const choice = await pricedChoice(ctx, input.plan);
  const payer = [input.firstName, input.lastName].filter(Boolean).join(' ');
  const charge = await provider.createCharge({
    amount: choice.value,
    payer: { name: payer, document: input.zipcode },
    description: `Atendo: ${choice.detail}, ${invoice.dueDate}`,
  });
  await q.insertCharge(ctx.db, { txid: charge.txid, invoiceId: invoice.id, ...choice, value: charge.amount });
  return {
    txid: charge.txid,
    qrcode: { qrcode: charge.payload },
    valor: { original: charge.amount },
    users: choice.users,
    connections: choice.connections,
  };
}

/** GET /subscription/:txid: whether the company's charge is paid, and its due date then. */
export async function chargeStatus(ctx: Context, txid: string) {
  const charge = await q.findCharge(ctx.db, txid);
  if (!charge) throw notFound('ERR_NO_INVOICE_FOUND');
  const billing = await q.selectBilling(ctx.db);
  return {
    status: charge.status === 'CONCLUIDA' ? ('CONCLUIDA' as const) : ('ATIVA' as const),
    dueDate: billing?.dueDate ?? null,
  };
}

/**
 * POST /subscription/webhook: the provider says Pix were received. Its secret must match; then each
 * charge named is read back from the provider, and only a paid one of the amount we asked is trusted.
 */
export async function receivePixWebhook(
  deps: ServerDeps,
  events: EventSink,
  from: string | null,
  secret: string | undefined,
  body: z.output<typeof pixWebhookBody>,
) {
  const provider = deps.payments;
  if (!provider) throw new AppError('ERR_BILLING_NOT_CONFIGURED', 503);
  if (!provider.verifyWebhook(secret)) throw new AppError('ERR_INVALID_WEBHOOK', 401);
  for (const { txid } of body.pix) {
    if (!txid) continue;
    // No caller: the charge names its company, and from there on it is that company's handle.
    const companyId = await q.companyOfCharge(deps.db, txid);
    if (companyId === undefined) continue;
    const state = await provider.readCharge(txid);
    if (!state?.paid) continue;
    await confirmPayment(
      tenantDb(deps.db, companyId),
      events,
      { userId: null, ip: from },
      txid,
      state.amount,
    );
  }
  return { ok: true as const };
}

/**
 * One transaction, once per txid (the charge row locked, then found already CONCLUIDA by a redelivery):
 * the charge and its invoice paid with what was bought, the due date moved one period of the company's
 * recurrence (which lifts the overdue block at the next request), the plan changed to the one chosen.
 */
async function confirmPayment(db: TenantDb, events: EventSink, who: AuditWho, txid: string, amount: string) {
  const paid = await db.transaction(async (tx) => {
    const row = await q.lockChargeForPayment(tx, txid);
    if (!row || row.charge.status === 'CONCLUIDA') return undefined;
    // A Pix of another amount than the charge's is not this payment (Efí refuses it; a fake might not).
    if (Number(amount) !== Number(row.charge.value)) return undefined;
    const { charge } = row;
    const at = new Date();
    await q.markChargePaid(tx, txid, at);
    await q.markInvoicePaid(tx, charge.invoiceId, {
      status: INVOICE_PAID,
      detail: charge.detail,
      users: charge.users,
      connections: charge.connections,
      value: charge.value,
      paidAt: at,
    });
    const dueDate = nextDueDate(row.dueDate ?? row.invoiceDueDate, row.recurrence);
    const subscription = { dueDate, ...(charge.planId !== null && { planId: charge.planId }) };
    await q.updateCompanySubscription(tx, subscription);
    await recordAudit(tx, who, {
      action: 'payment.confirm',
      entity: 'invoice',
      entityId: charge.invoiceId,
      before: { status: INVOICE_OPEN, dueDate: row.dueDate, txid: null },
      after: { status: INVOICE_PAID, value: charge.value, txid, ...subscription },
    });
    // Paid far behind, the new due date may be near already: its invoice opens with it.
    await ensureOpenInvoice(tx);
    return dueDate;
  });
  if (paid)
    events.publish(
      toCompany('payment', db.companyId, {
        action: 'CONCLUIDA',
        company: { id: db.companyId, dueDate: paid },
      }),
    );
}

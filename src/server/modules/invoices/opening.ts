import { addDays } from '../../../shared/due-date';
import { ensureJob, scheduleJob } from '../../jobs/queries';
import type { JobHandler } from '../../jobs/runner';
import type { DbOrTx } from '../../platform/database';
import type { ServerDeps } from '../../platform/deps';
import { tenantDb } from '../../platform/tenant';
import { companiesDueBy } from './queries';
import { ensureOpenInvoice, INVOICE_LEAD_DAYS } from './service';

const INVOICE_OPENING = { kind: 'invoiceOpening', key: 'platform', companyId: null } as const;
const INVOICE_OPENING_EVERY_MS = 24 * 60 * 60_000;

/**
 * Opens the coming invoice of every company whose due date is INVOICE_LEAD_DAYS away or less (each in its
 * own time zone, by ensureOpenInvoice); a company that has it already is left as it is.
 */
export async function openDueInvoices(db: DbOrTx, now = new Date()) {
  // A day of margin over the lead: the exact day is each company's, in its own time zone.
  const by = addDays(now.toISOString().slice(0, 10), INVOICE_LEAD_DAYS + 1);
  for (const companyId of await companiesDueBy(db, by)) await ensureOpenInvoice(tenantDb(db, companyId), now);
}

/**
 * The daily invoice opening on the job runner (one server runs it each day), in the job's transaction: a
 * failed run opens nothing and is tried again. Due dates set by a person or a payment open theirs at once.
 */
export async function registerInvoiceOpening(deps: ServerDeps) {
  const handler: JobHandler = {
    async run(tx) {
      await openDueInvoices(tx);
      await scheduleJob(tx, { ...INVOICE_OPENING, delayMs: INVOICE_OPENING_EVERY_MS });
      return undefined;
    },
  };
  deps.jobs.register(INVOICE_OPENING.kind, handler);
  await ensureJob(deps.db, INVOICE_OPENING);
}

import type { ContactListItem } from '../../shared/api/contact-lists';
import type { JobHandler } from '../jobs/runner';
import * as q from '../modules/contact-lists/queries';
import { publishList } from '../modules/contact-lists/service';
import { numberChannel } from '../modules/contacts/channel-check';
import type { ServerDeps } from '../platform/deps';
import { BufferedEvents, toCompany } from '../platform/events';
import { tenantDb } from '../platform/tenant';

/**
 * Numbers checked per run. The checks happen inside the run's transaction (so a batch is recorded once or
 * not at all), which holds its members' rows: a small batch keeps an import that merges into them waiting
 * only briefly.
 */
export const CHECK_BATCH = 25;
/** With no connected number channel, or one that could not tell, the check is tried again after this. */
export const CHECK_RETRY_MS = 5 * 60_000;

/**
 * docs/behaviour.md "Contact lists": the background WhatsApp check of a company's unchecked list members,
 * batch by batch on a connected connection of the company. Each batch is a durable job that schedules the
 * next; each publishes the members it checked and their lists' counts (uncheckedCount is the progress).
 */
function contactListCheck(deps: ServerDeps): JobHandler {
  return {
    async run(tx, job) {
      const db = tenantDb(tx, job.companyId!);
      const driver = await numberChannel({ db, deps });
      const batch = await q.selectUnchecked(db, driver ? CHECK_BATCH : 1);
      if (!batch.length) return undefined;
      if (!driver) {
        await q.scheduleNumberCheck(db, CHECK_RETRY_MS);
        return undefined;
      }
      const valid: number[] = [];
      const invalid: number[] = [];
      let undecided = false;
      for (const item of batch) {
        try {
          ((await driver.checkNumber(item.number)) ? valid : invalid).push(item.id);
        } catch (err) {
          // The channel could not tell (disconnected meanwhile, timed out): the rest wait for a later run.
          deps.log.warn({ err, companyId: db.companyId }, 'contact list number check failed');
          undecided = true;
          break;
        }
      }
      const checked: ContactListItem[] = [
        ...(await q.markChecked(db, valid, true)),
        ...(await q.markChecked(db, invalid, false)),
      ];
      const more = undecided || batch.length === CHECK_BATCH;
      if (more) await q.scheduleNumberCheck(db, undecided ? CHECK_RETRY_MS : 0);
      return async () => {
        const events = new BufferedEvents();
        for (const record of checked) {
          events.publish(toCompany('contactListItem', db.companyId, { action: 'update', record }));
        }
        const listIds = [...new Set(checked.map((item) => item.contactListId))];
        const lists = await q.findLists(tenantDb(deps.db, db.companyId), listIds);
        for (const list of lists) publishList(events, db.companyId, list);
        events.flush(deps.realtime);
        if (more && !undecided) deps.jobs.nudge();
      };
    },
  };
}

export function registerContactListCheck(deps: ServerDeps) {
  deps.jobs.register(q.CONTACT_LIST_CHECK, contactListCheck(deps));
}

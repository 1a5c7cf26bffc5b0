import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { CampaignFailReason } from '../../../shared/campaigns';
import { insertMany } from '../../db/bulk';
import {
  campaignDailySends,
  campaignOptOuts,
  campaignShipping,
  campaigns,
  companies,
  contactListItems,
  contacts,
  contactTags,
  jobs,
  whatsapps,
} from '../../db/schema';
import { jobsNow } from '../../jobs/queries';
import type { DbOrTx } from '../../platform/database';
import type { TenantDb } from '../../platform/tenant';

export type CampaignRow = typeof campaigns.$inferSelect;
export type ShippingRow = typeof campaignShipping.$inferSelect;

/** The jobs' clock (atendo_now(): one for every server; tests move it). */
export async function clockNow(db: DbOrTx): Promise<Date> {
  const [row] = (await db.execute(sql`select ${jobsNow} as now`)).rows as { now: string | Date }[];
  return new Date(row!.now);
}

/** The campaign row, locked for the transaction: `update` by who changes it, `share` by each send. */
export async function lockCampaign(db: TenantDb, id: number, mode: 'update' | 'share') {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).for(mode);
  return row;
}

export async function findCampaignRow(db: TenantDb, id: number) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function updateCampaign(
  db: TenantDb,
  id: number,
  changes: Partial<typeof campaigns.$inferInsert>,
) {
  const [row] = await db
    .update(campaigns)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return row!;
}

/** Scheduled campaigns whose time has come, of every company, locked (another server takes the others). */
export function dueCampaigns(db: DbOrTx, limit: number) {
  return db
    .select({ id: campaigns.id, companyId: campaigns.companyId })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'PROGRAMADA'), lte(campaigns.scheduledAt, jobsNow)))
    .orderBy(asc(campaigns.scheduledAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Running campaigns with no tick waiting (a lost job): the sweep gives them one. */
export function runningWithoutTick(db: DbOrTx, kind: string) {
  return db
    .select({ id: campaigns.id, companyId: campaigns.companyId })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'EM_ANDAMENTO'),
        sql`not exists (select 1 from ${jobs} where ${jobs.kind} = ${kind}
          and ${jobs.key} = ${campaigns.id}::text and ${jobs.failedAt} is null)`,
      ),
    );
}

export async function companyTimeZone(db: TenantDb) {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies);
  return row?.timezone ?? 'America/Sao_Paulo';
}

export async function findConnectionRow(db: TenantDb, id: number) {
  const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row;
}

/**
 * One page of a run's audience (a contact list's members, or the company's non-group contacts carrying a
 * tag), in id order after `after` (the last page's `key`): a large audience is read a page at a time.
 */
export async function audiencePage(db: TenantDb, campaign: CampaignRow, after: number, limit: number) {
  if (campaign.tagListId !== null) {
    const rows = await db
      .select({ contactId: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
      .from(contacts)
      .innerJoin(contactTags, eq(contactTags.contactId, contacts.id))
      .where(
        and(eq(contactTags.tagId, campaign.tagListId), eq(contacts.isGroup, false), gt(contacts.id, after)),
      )
      .orderBy(asc(contacts.id))
      .limit(limit);
    return rows.map((r) => ({
      ...r,
      key: r.contactId,
      contactListItemId: null,
      valid: null as boolean | null,
    }));
  }
  if (campaign.contactListId === null) return [];
  const rows = await db
    .select({
      contactListItemId: contactListItems.id,
      name: contactListItems.name,
      number: contactListItems.number,
      email: contactListItems.email,
      valid: contactListItems.isWhatsappValid,
    })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, campaign.contactListId), gt(contactListItems.id, after)))
    .orderBy(asc(contactListItems.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, key: r.contactListItemId, contactId: null }));
}

export async function deleteShipping(db: TenantDb, campaignId: number) {
  await db.delete(campaignShipping).where(eq(campaignShipping.campaignId, campaignId));
}

/** A page of shipping rows in one statement (one parameter per column): a whole audience's values built by drizzle cost the server hundreds of megabytes. */
export async function insertShipping(
  db: TenantDb,
  rows: Omit<typeof campaignShipping.$inferInsert, 'companyId'>[],
) {
  await insertMany(
    db.unscoped,
    campaignShipping,
    rows.map((row) => ({ ...row, companyId: db.companyId })),
    { onConflictDoNothing: true, returning: false },
  );
}

const pendingOf = (campaignId: number) =>
  and(
    eq(campaignShipping.campaignId, campaignId),
    isNull(campaignShipping.deliveredAt),
    isNull(campaignShipping.failedAt),
  );

/**
 * Takes up to `limit` members not yet claimed, in id order, skipping those another server holds, and
 * marks them claimed; confirmation campaigns claim those not yet asked.
 */
export async function claimMembers(db: TenantDb, campaign: CampaignRow, limit: number, now: Date) {
  // Raw SQL: the subquery's limit and row locks must reach the database as written; the company is bound here.
  const unasked = campaign.confirmation ? sql`and confirmation_requested_at is null` : sql``;
  const { rows } = await db.unscoped.execute<{ id: number }>(sql`
    update ${campaignShipping} set claimed_at = ${now}, updated_at = ${now}
    where id in (
      select id from ${campaignShipping}
      where company_id = ${db.companyId} and campaign_id = ${campaign.id}
        and delivered_at is null and failed_at is null and claimed_at is null ${unasked}
      order by id limit ${limit}
      for update skip locked)
    returning id`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Members claimed so far in the run: the pace counts them. */
export async function countClaimed(db: TenantDb, campaignId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, campaignId), isNotNull(campaignShipping.claimedAt)));
  return row?.n ?? 0;
}

export async function countPending(db: TenantDb, campaignId: number) {
  const [row] = await db.select({ n: count() }).from(campaignShipping).where(pendingOf(campaignId));
  return row?.n ?? 0;
}

/**
 * Confirmation campaigns: members asked more than `hours` ago who have not answered are failed
 * (no-answer); answers the earliest deadline still running.
 */
export async function expireUnanswered(db: TenantDb, campaignId: number, hours: number, now: Date) {
  const asked = and(
    pendingOf(campaignId),
    isNotNull(campaignShipping.confirmationRequestedAt),
    isNull(campaignShipping.confirmedAt),
  );
  const deadline = sql`${campaignShipping.confirmationRequestedAt} + ${hours} * interval '1 hour'`;
  await db
    .update(campaignShipping)
    .set({ failedAt: now, failReason: 'no-answer' satisfies CampaignFailReason, updatedAt: now })
    .where(and(asked, sql`${deadline} <= ${now}`));
  const [row] = await db
    .select({ next: sql<string | null>`min(${deadline})` })
    .from(campaignShipping)
    .where(asked);
  return row?.next ? new Date(row.next) : null;
}

export async function findShipping(db: TenantDb, id: number) {
  const [row] = await db.select().from(campaignShipping).where(eq(campaignShipping.id, id));
  return row;
}

export async function updateShipping(db: TenantDb, id: number, changes: Partial<ShippingRow>) {
  await db
    .update(campaignShipping)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(campaignShipping.id, id));
}

/** Which of these numbers asked the company to stop. */
export async function optedOutAmong(db: TenantDb, numbers: string[]) {
  const rows = await db
    .select({ number: campaignOptOuts.number })
    .from(campaignOptOuts)
    .where(inArray(campaignOptOuts.number, numbers));
  return new Set(rows.map((r) => r.number));
}

/** A batch's members, locked for its transaction, in id order. */
export function lockShippingRows(db: TenantDb, ids: number[]) {
  return db
    .select()
    .from(campaignShipping)
    .where(inArray(campaignShipping.id, ids))
    .orderBy(asc(campaignShipping.id))
    .for('update');
}

export async function releaseClaims(db: TenantDb, ids: number[]) {
  await db
    .update(campaignShipping)
    .set({ claimedAt: null, updatedAt: new Date() })
    .where(inArray(campaignShipping.id, ids));
}

/** The members a batch sent: delivered, or asked for confirmation. */
export async function markSent(
  db: TenantDb,
  ids: number[],
  column: 'deliveredAt' | 'confirmationRequestedAt',
  now: Date,
) {
  if (ids.length === 0) return;
  await db
    .update(campaignShipping)
    .set({ [column]: now, updatedAt: now })
    .where(inArray(campaignShipping.id, ids));
}

export async function recordOptOut(db: TenantDb, number: string, keyword: string) {
  await db
    .insert(campaignOptOuts)
    .values({ number, keyword: keyword.slice(0, 100) })
    .onConflictDoNothing();
}

/**
 * Takes up to `wanted` of the connection's campaign messages for today under `ceiling` and answers how many
 * it got. The day's row is locked and read before it is raised, so servers sending at once never pass the
 * ceiling together. (One statement reading the row in a FOR UPDATE CTE saw nothing once the same statement
 * had raised it, and granted the whole count again.)
 */
export async function takeDailySends(
  db: TenantDb,
  whatsappId: number,
  day: string,
  ceiling: number,
  wanted: number,
) {
  if (wanted <= 0) return 0;
  await db.insert(campaignDailySends).values({ whatsappId, day, count: 0 }).onConflictDoNothing();
  const [row] = await db
    .select({ count: campaignDailySends.count })
    .from(campaignDailySends)
    .where(and(eq(campaignDailySends.whatsappId, whatsappId), eq(campaignDailySends.day, day)))
    .for('update');
  const before = row?.count ?? 0;
  const granted = Math.max(0, Math.min(wanted, ceiling - before));
  if (granted > 0)
    await db
      .update(campaignDailySends)
      .set({ count: before + granted })
      .where(and(eq(campaignDailySends.whatsappId, whatsappId), eq(campaignDailySends.day, day)));
  return granted;
}

export async function giveBackDailySends(db: TenantDb, whatsappId: number, day: string, unused: number) {
  if (unused <= 0) return;
  await db
    .update(campaignDailySends)
    .set({ count: sql`greatest(${campaignDailySends.count} - ${unused}, 0)` })
    .where(and(eq(campaignDailySends.whatsappId, whatsappId), eq(campaignDailySends.day, day)));
}

export async function dailySends(db: TenantDb, whatsappId: number, day: string) {
  const [row] = await db
    .select({ count: campaignDailySends.count })
    .from(campaignDailySends)
    .where(and(eq(campaignDailySends.whatsappId, whatsappId), eq(campaignDailySends.day, day)));
  return row?.count ?? 0;
}

/** The connection's running confirmation campaigns (only their members' messages can be answers). */
const runningConfirmation = (db: TenantDb, whatsappId: number) =>
  db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.whatsappId, whatsappId),
        eq(campaigns.status, 'EM_ANDAMENTO'),
        eq(campaigns.confirmation, true),
      ),
    );

/** Whether a confirmation campaign runs on the connection (only then can an inbound message be an answer). */
export async function confirmationRunningOn(db: TenantDb, whatsappId: number) {
  const [row] = await runningConfirmation(db, whatsappId).limit(1);
  return row !== undefined;
}

/**
 * Confirmation campaigns of the connection waiting for this number's answer: the answer is recorded and
 * the members answered (to be sent the campaign's message).
 */
export async function recordAnswer(
  db: TenantDb,
  whatsappId: number,
  number: string,
  answer: string,
  now: Date,
) {
  const awaiting = runningConfirmation(db, whatsappId);
  return db
    .update(campaignShipping)
    .set({ confirmationAnswer: answer.slice(0, 4000), confirmedAt: now, updatedAt: now })
    .where(
      and(
        eq(campaignShipping.number, number),
        inArray(campaignShipping.campaignId, awaiting),
        isNotNull(campaignShipping.confirmationRequestedAt),
        isNull(campaignShipping.confirmedAt),
        isNull(campaignShipping.deliveredAt),
        isNull(campaignShipping.failedAt),
      ),
    )
    .returning({ id: campaignShipping.id, campaignId: campaignShipping.campaignId });
}

/** Members who answered a confirmation but were not sent the message yet (a restart sends them). */
export async function answeredUnsent(db: TenantDb, campaignId: number) {
  const rows = await db
    .select({ id: campaignShipping.id })
    .from(campaignShipping)
    .where(and(pendingOf(campaignId), isNotNull(campaignShipping.confirmedAt)));
  return rows.map((r) => r.id);
}

/** The report's figures of a run (3-automation §2). */
export async function runFigures(db: TenantDb, campaignId: number) {
  const [row] = await db
    .select({
      total: count(),
      invalid: sql<number>`count(*) filter (where ${campaignShipping.failReason} = 'invalid-number')`.mapWith(
        Number,
      ),
      delivered: count(campaignShipping.deliveredAt),
      confirmationRequested: count(campaignShipping.confirmationRequestedAt),
      confirmed: count(campaignShipping.confirmedAt),
      failed: count(campaignShipping.failedAt),
    })
    .from(campaignShipping)
    .where(eq(campaignShipping.campaignId, campaignId));
  return row!;
}

/** Before a run: the audience as it is now (the list's members, or the tag's contacts) and those known invalid. */
export async function audienceFigures(db: TenantDb, campaign: CampaignRow) {
  if (campaign.tagListId !== null) {
    const [row] = await db
      .select({ total: count() })
      .from(contacts)
      .innerJoin(contactTags, eq(contactTags.contactId, contacts.id))
      .where(and(eq(contactTags.tagId, campaign.tagListId), eq(contacts.isGroup, false)));
    return { total: row?.total ?? 0, invalid: 0 };
  }
  if (campaign.contactListId === null) return { total: 0, invalid: 0 };
  const [row] = await db
    .select({
      total: count(),
      invalid: sql<number>`count(*) filter (where ${contactListItems.isWhatsappValid} = false)`.mapWith(
        Number,
      ),
    })
    .from(contactListItems)
    .where(eq(contactListItems.contactListId, campaign.contactListId));
  return { total: row?.total ?? 0, invalid: row?.invalid ?? 0 };
}

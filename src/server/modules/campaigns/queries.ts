import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import type { PageWindow } from '../../db/page';
import {
  campaignSettings,
  campaigns,
  contactLists,
  contacts,
  contactTags,
  queues,
  tags,
  users,
  whatsapps,
} from '../../db/schema';
import { scheduleJob } from '../../jobs/queries';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

/** The durable job (automation/campaigns/sender.ts) that starts a scheduled campaign at its time. */
export const CAMPAIGN_START = 'campaignStart';

/**
 * Asks for the campaign's start at `scheduledAt` (at once when it has passed), in the saving transaction: a
 * later save replaces the waiting job, so it runs at the campaign's last time, on whichever server polls.
 */
export async function scheduleCampaignStart(db: TenantDb, id: number, scheduledAt: Date) {
  await scheduleJob(db.unscoped, {
    kind: CAMPAIGN_START,
    key: String(id),
    companyId: db.companyId,
    runAt: scheduledAt,
  });
}

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignChanges = Partial<Omit<typeof campaigns.$inferInsert, 'id' | 'companyId'>>;

/** A campaign with the names of what it points at (the list's columns and the dialog). */
export type CampaignWithNames = CampaignRow & {
  contactListName: string | null;
  whatsappName: string | null;
  userName: string | null;
  queueName: string | null;
};

const withNames = (db: TenantDb) =>
  db
    .select({
      campaign: campaigns,
      contactListName: contactLists.name,
      whatsappName: whatsapps.name,
      userName: users.name,
      queueName: queues.name,
    })
    .from(campaigns)
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
    .leftJoin(users, eq(users.id, campaigns.userId))
    .leftJoin(queues, eq(queues.id, campaigns.queueId));

type Joined = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];
const flatten = ({ campaign, ...names }: Joined): CampaignWithNames => ({ ...campaign, ...names });

const matching = (search: string): SQL | undefined =>
  search ? ilike(campaigns.name, `%${escapeLike(search)}%`) : undefined;

/** A page, newest first, of the campaigns whose name holds `search` (any case), and how many in all. */
export async function selectCampaignPage(db: TenantDb, search: string, page: PageWindow) {
  const where = matching(search);
  const [rows, [total]] = await Promise.all([
    withNames(db).where(where).orderBy(desc(campaigns.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export async function findCampaignWithNames(db: TenantDb, id: number) {
  const [row] = await withNames(db).where(eq(campaigns.id, id));
  return row && flatten(row);
}

/** The campaign row, locked until the transaction ends when asked. */
export async function findCampaign(db: TenantDb, id: number, lock = false) {
  const select = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = await (lock ? select.for('update') : select);
  return row;
}

export async function insertCampaign(db: TenantDb, values: TenantInsertValue<typeof campaigns>) {
  const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  return row!.id;
}

export async function updateCampaignRow(db: TenantDb, id: number, changes: CampaignChanges) {
  await db
    .update(campaigns)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(campaigns.id, id));
}

export async function deleteCampaignRow(db: TenantDb, id: number) {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

/** Whether each id a campaign names is a record of the handle's company (another's counts as absent). */
export async function ownsRecord(
  db: TenantDb,
  kind: 'contactList' | 'tag' | 'whatsapp' | 'user' | 'queue',
  id: number,
) {
  const table = { contactList: contactLists, tag: tags, whatsapp: whatsapps, user: users, queue: queues }[
    kind
  ];
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.id, id));
  return (row?.n ?? 0) > 0;
}

/** Writes one key's value (insert or replace). */
export async function upsertCampaignSetting(db: TenantDb, key: string, value: unknown) {
  await db
    .insert(campaignSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: [campaignSettings.companyId, campaignSettings.key],
      set: { value, updatedAt: new Date() },
    });
}

/** Each tag with the contacts carrying it, groups left out as the sender leaves them out of a tag audience. */
export function selectTagAudiences(db: TenantDb) {
  return db
    .select({
      tagId: tags.id,
      contacts:
        sql<number>`(select count(*) from ${contactTags} inner join ${contacts} on ${contacts.id} = ${contactTags.contactId} where ${and(eq(contactTags.tagId, tags.id), eq(contacts.isGroup, false))})`.mapWith(
          Number,
        ),
    })
    .from(tags)
    .orderBy(tags.id);
}

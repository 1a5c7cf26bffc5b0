import { eq } from 'drizzle-orm';
import type { Campaign } from '../../../shared/api/campaigns';
import type { CampaignStatus, CampaignTicketStatus } from '../../../shared/campaigns';
import { contactLists, queues, users, whatsapps } from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';
import type { CampaignRow } from './queries';

const nameOf = async (
  db: TenantDb,
  table: typeof contactLists | typeof queues | typeof users | typeof whatsapps,
  id: number | null,
) => {
  if (id === null) return null;
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  return row ?? null;
};

/** A campaign as the contract shows it (the campaigns module presents it the same way). */
export async function presentCampaign(db: TenantDb, row: CampaignRow): Promise<Campaign> {
  return {
    id: row.id,
    name: row.name,
    status: row.status as CampaignStatus,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    confirmation: row.confirmation,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    contactListId: row.contactListId,
    contactList: await nameOf(db, contactLists, row.contactListId),
    tagListId: row.tagListId,
    whatsappId: row.whatsappId,
    whatsapp: await nameOf(db, whatsapps, row.whatsappId),
    openTicket: row.openTicket ? 'enabled' : 'disabled',
    statusTicket: row.statusTicket as CampaignTicketStatus,
    userId: row.userId,
    user: await nameOf(db, users, row.userId),
    queueId: row.queueId,
    queue: await nameOf(db, queues, row.queueId),
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
  };
}

import { and, eq } from 'drizzle-orm';
import { whatsapps } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';
import { refFields } from '../leases';
import type { GraphAccount } from './session';

/** The channels of the Graph API and the column that names each one's account in the webhooks. */
export const GRAPH_CHANNELS = ['facebook', 'instagram', 'whatsappapi'] as const;
export type GraphChannel = (typeof GRAPH_CHANNELS)[number];

const ACCOUNT_COLUMN = {
  facebook: whatsapps.facebookPageId,
  instagram: whatsapps.instagramAccountId,
  whatsappapi: whatsapps.phoneNumberId,
} as const;

/** A connection's account as stored, or undefined when it is gone or has no token. */
export async function loadGraphAccount(db: DbOrTx, connectionId: number): Promise<GraphAccount | undefined> {
  const [row] = await db
    .select({
      token: whatsapps.graphToken,
      pageId: whatsapps.facebookPageId,
      instagramAccountId: whatsapps.instagramAccountId,
      phoneNumberId: whatsapps.phoneNumberId,
      wabaId: whatsapps.wabaId,
    })
    .from(whatsapps)
    .where(eq(whatsapps.id, connectionId));
  return row?.token ? { ...row, token: row.token } : undefined;
}

/**
 * The one connection a webhook is about: a page (facebook), an Instagram account or a phone number id
 * (whatsappapi) is connected once on the whole platform, so its events reach that company only.
 */
export async function connectionOfAccount(db: DbOrTx, channel: GraphChannel, accountId: string) {
  const [row] = await db
    .select(refFields)
    .from(whatsapps)
    .where(and(eq(whatsapps.channel, channel), eq(ACCOUNT_COLUMN[channel], accountId)));
  return row;
}

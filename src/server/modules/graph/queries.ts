import { and, eq, inArray } from 'drizzle-orm';
import { whatsapps } from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';

/**
 * The connections of `channel` holding any of `accountIds` (Facebook pages, or Instagram accounts): the
 * company's own rows with their account's id, and the ids held by any company. Across companies by design, since an account is
 * connected once on the whole platform; of another company's rows only the held id leaves this function.
 */
export async function accountsHeld(db: TenantDb, channel: 'facebook' | 'instagram', accountIds: string[]) {
  const account = channel === 'instagram' ? whatsapps.instagramAccountId : whatsapps.facebookPageId;
  const rows = await db.unscoped
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.channel, channel), inArray(account, accountIds)));
  const accountOf = (row: (typeof rows)[number]) =>
    channel === 'instagram' ? row.instagramAccountId : row.facebookPageId;
  return {
    own: rows
      .filter((row) => row.companyId === db.companyId)
      .map((row) => ({ row, accountId: accountOf(row) })),
    held: new Set(rows.map(accountOf)),
  };
}

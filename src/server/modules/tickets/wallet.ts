import type { CompanySettings } from '../../../shared/settings';
import type { TenantDb } from '../../platform/tenant';
import { claimWallet } from '../contacts/queries';
import type { ContactRow } from './queries';

type WalletHolder = Pick<ContactRow, 'isGroup' | 'walletUserId' | 'walletQueueId'>;

/**
 * docs/behaviour.md "Inbound message pipeline" 5, DirectTicketsToWallets: the user (and queue) a new ticket of
 * the contact goes straight to, when the company directs tickets to wallets and the contact has one.
 */
export function walletOf(contact: WalletHolder, settings: CompanySettings) {
  if (settings.DirectTicketsToWallets !== 'enabled' || contact.isGroup || contact.walletUserId === null) {
    return undefined;
  }
  return { userId: contact.walletUserId, queueId: contact.walletQueueId };
}

/**
 * DirectTicketsToWallets: a contact with no wallet yet joins the wallet of the user who accepts their
 * ticket, with the ticket's queue (admins change it in the contact dialog).
 */
export async function takeIntoWallet(
  db: TenantDb,
  settings: CompanySettings,
  contactId: number,
  wallet: { userId: number; queueId: number | null },
) {
  if (settings.DirectTicketsToWallets === 'enabled') await claimWallet(db, contactId, wallet);
}

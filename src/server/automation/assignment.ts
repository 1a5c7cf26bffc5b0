import type { CompanySettings } from '../../shared/settings';
import { claimWallet } from '../modules/contacts/queries';
import type { ContactRow } from '../modules/tickets/queries';
import type { DbOrTx } from '../platform/database';

/**
 * Who gets a waiting ticket among its queue's online users (ids in order): a random one when nobody has
 * it yet (userRandom, a rotation's first turn), else the next after its current user, wrapping round, so
 * each online user gets a turn (rotation). undefined: nobody (else) to give it to.
 */
export function offeree(online: number[], current: number | null, random = Math.random) {
  if (current === null) return online[Math.floor(random() * online.length)];
  const others = online.filter((id) => id !== current);
  return others.find((id) => id > current) ?? others[0];
}

type WalletHolder = Pick<ContactRow, 'isGroup' | 'walletUserId' | 'walletQueueId'>;

/**
 * BEHAVIOUR "Inbound message pipeline" 5, DirectTicketsToWallets: the user (and queue) a new ticket of
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
  db: DbOrTx,
  settings: CompanySettings,
  contactId: number,
  wallet: { userId: number; queueId: number | null },
) {
  if (settings.DirectTicketsToWallets === 'enabled') await claimWallet(db, contactId, wallet);
}

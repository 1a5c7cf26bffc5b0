import { isJidBroadcast, isJidGroup, isJidNewsletter, isLidUser, isPnUser, jidDecode } from 'baileys';
import { digitsOf } from '../../../shared/phone-number';

/**
 * How WhatsApp addresses map to `contacts.number`: a phone number is kept as its digits; anything else
 * (a group, or a person known only by an opaque @lid identity) is kept as its whole JID, so a reply
 * reaches the same place and a later lid-to-phone merge can find the contact.
 */

/** The JID to send to for a stored number or id. */
export function toJid(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return trimmed;
  // Groups made before 2020 have `creator-timestamp` ids.
  if (/^\d+-\d+$/.test(trimmed)) return `${trimmed}@g.us`;
  const digits = digitsOf(trimmed);
  if (!digits) throw new Error(`not a WhatsApp number: ${to}`);
  return `${digits}@s.whatsapp.net`;
}

/** The digits of a phone-number JID (device suffix dropped), else undefined. */
export function phoneOf(jid: string | null | undefined): string | undefined {
  if (!jid || !isPnUser(jid)) return undefined;
  return jidDecode(jid)?.user;
}

/** The person behind a JID as stored: the phone number when known, else the lid JID without device. */
export function personOf(jid: string, phoneJid?: string | null): string {
  const phone = phoneOf(jid) ?? phoneOf(phoneJid);
  if (phone) return phone;
  const decoded = jidDecode(jid);
  return decoded ? `${decoded.user}@${decoded.server}` : jid;
}

export const isGroup = (jid: string) => Boolean(isJidGroup(jid));

/** Status posts, broadcast-list copies and channel (newsletter) posts: never conversations. */
export const isBroadcast = (jid: string) => Boolean(isJidBroadcast(jid) || isJidNewsletter(jid));

export const isLid = (jid: string | null | undefined) => Boolean(jid && isLidUser(jid));

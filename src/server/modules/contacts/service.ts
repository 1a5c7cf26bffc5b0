import type { z } from 'zod';
import type {
  Contact,
  ContactDetail,
  createContactBody,
  listContactsQuery,
  updateContactBody,
} from '../../../shared/api/contacts';
import { normalizeNumber } from '../../../shared/phone-number';
import type { ContactEvent } from '../../../shared/realtime';
import { presentContact } from '../../../shared/ticket-visibility';
import { isUniqueViolation } from '../../db/errors';
import { actorCan, actorIsAdmin, hidesNumbersFor } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import { type EventSink, toCompany } from '../../platform/events';
import { removeMedia } from '../messages/media-store';
import { readCompanySettings } from '../settings/queries';
import { emitTicketDelete } from '../tickets/publish';
import * as tq from '../tickets/queries';
import { checkOnChannel, profilePictureOnChannel } from './channel-check';
import * as q from './queries';

/** 1-attendance §7: GET /contacts pages hold 20 contacts. */
const CONTACTS_PAGE_SIZE = 20;

/** 1-attendance §7 company-{id}-contact, each socket seeing numbers as its user may (lgpdHideNumber). */
export function emitContactEvent(
  sink: EventSink,
  companyId: number,
  hideNumbers: boolean,
  event: ContactEvent,
) {
  sink.publish(toCompany('contact', companyId, { event, hideNumbers }));
}

export function emitContact(ctx: Context, event: ContactEvent) {
  emitContactEvent(ctx.events, ctx.actor.companyId, hidesNumbersFor(ctx.actor), event);
}

async function present<C extends Contact>(ctx: Context, contact: C): Promise<C> {
  return presentContact(contact, ctx.actor, hidesNumbersFor(ctx.actor));
}

/** Contacts are looked up in the caller's company only: another company's contact does not exist here. */
async function findContact(ctx: Context, id: number) {
  const row = await q.findContactRow(ctx.db, q.byId(id));
  if (!row) throw notFound('ERR_NO_CONTACT_FOUND');
  return row;
}

async function detailOf(ctx: Context, id: number): Promise<ContactDetail> {
  const detail = await q.loadContactDetail(ctx.db, q.byId(id));
  if (!detail) throw notFound('ERR_NO_CONTACT_FOUND');
  return detail;
}

/** tag ids without repeats, all of them tags of the caller's company. */
export async function ownTagIds(ctx: Context, ids: number[]) {
  const unique = [...new Set(ids)];
  const own = await q.companyTagIds(ctx.db, unique);
  if (own.length !== unique.length) throw forbidden();
  return unique;
}

type WalletInput = Partial<Pick<z.output<typeof updateContactBody>, 'walletUserId' | 'walletQueueId'>>;

/**
 * DirectTicketsToWallets: a contact's wallet is an admin's choice, of a user and a queue of their own
 * company; without a user there is no wallet, and no queue either.
 */
async function walletChanges(ctx: Context, { walletUserId, walletQueueId }: WalletInput) {
  if (walletUserId === undefined && walletQueueId === undefined) return {};
  if (!actorIsAdmin(ctx.actor)) throw forbidden();
  const { db } = ctx;
  if (walletUserId && !(await tq.findUserOfCompany(db, walletUserId))) {
    throw notFound('ERR_NO_USER_FOUND');
  }
  if (walletQueueId && !(await tq.findQueue(db, walletQueueId))) throw notFound('ERR_NOT_FOUND');
  if (walletUserId === null) return { walletUserId: null, walletQueueId: null };
  return {
    ...(walletUserId !== undefined && { walletUserId }),
    ...(walletQueueId !== undefined && { walletQueueId }),
  };
}

/** The unique index on (company, number) decides; its refusal becomes the 409 the client knows. */
async function withUniqueNumber<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, 'contacts_company_number_unique')) {
      throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    }
    throw err;
  }
}

/** The committed contact, announced and answered as the caller may see it. */
export async function publishContact(ctx: Context, id: number, action: 'create' | 'update') {
  const detail = await detailOf(ctx, id);
  emitContact(ctx, { action, contact: detail });
  return present(ctx, detail);
}

export async function listContacts(ctx: Context, query: z.output<typeof listContactsQuery>) {
  const where = q.contactsMatching({
    search: query.searchParam,
    tagIds: [...new Set(query.contactTag ?? [])],
    channel: query.channel,
    isGroup: query.isGroup,
  });
  // One row past the page says whether another page follows, without counting.
  const rows = await q.contactPage(ctx.db, where, {
    limit: CONTACTS_PAGE_SIZE + 1,
    offset: (query.pageNumber - 1) * CONTACTS_PAGE_SIZE,
  });
  const hideNumbers = hidesNumbersFor(ctx.actor);
  return {
    contacts: rows.slice(0, CONTACTS_PAGE_SIZE).map((c) => presentContact(c, ctx.actor, hideNumbers)),
    hasMore: rows.length > CONTACTS_PAGE_SIZE,
  };
}

export async function listAllContacts(ctx: Context) {
  const rows = await q.allContactSummaries(ctx.db);
  return rows.map((c) => presentContact(c, ctx.actor, hidesNumbersFor(ctx.actor)));
}

export async function showContact(ctx: Context, id: number) {
  return present(ctx, await detailOf(ctx, id));
}

/** The country whose national numbers people type without its code (a company setting). */
const companyCountry = async (ctx: Context) => (await readCompanySettings(ctx.db)).country;

/** GET /contacts/profile/:number: the contact with that number, if any, and its picture on the channel. */
export async function contactProfile(ctx: Context, rawNumber: string) {
  const number = normalizeNumber(rawNumber, await companyCountry(ctx));
  const contact = number ? await q.loadContactDetail(ctx.db, q.byNumber(number)) : undefined;
  const profilePicUrl = (await profilePictureOnChannel(ctx, number)) ?? contact?.urlPicture ?? null;
  return { contact: contact ? await present(ctx, contact) : null, profilePicUrl };
}

export async function createContact(ctx: Context, input: z.output<typeof createContactBody>) {
  const tagIds = input.tags && (await ownTagIds(ctx, input.tags));
  const wallet = await walletChanges(ctx, input);
  // 1-attendance §5: a valid WhatsApp number, checked when a connected channel can tell.
  const number = await checkOnChannel(ctx, normalizeNumber(input.number, await companyCountry(ctx)));
  const row = await withUniqueNumber(
    ctx.db.transaction(async (tx) => {
      const created = await q.insertContact(tx, {
        name: input.name,
        number,
        email: input.email ?? '',
        disableBot: input.disableBot ?? false,
        acceptAudioMessage: input.acceptAudioMessage ?? true,
        ...wallet,
      });
      if (tagIds) await q.replaceContactTags(tx, created.id, tagIds);
      if (input.extraInfo) await q.replaceExtraInfo(tx, created.id, input.extraInfo);
      return created;
    }),
  );
  return publishContact(ctx, row.id, 'create');
}

/**
 * PUT /contacts/:id. Extra information and tags, when given, replace the contact's in the same
 * transaction. A group keeps its id as number; `lgpdAcceptedAt` is the contact's own consent (recorded by
 * the LGPD flow), so no form changes it.
 */
export async function updateContact(ctx: Context, id: number, input: z.output<typeof updateContactBody>) {
  const target = await findContact(ctx, id);
  const tagIds = input.tags && (await ownTagIds(ctx, input.tags));
  const {
    tags: _tags,
    extraInfo,
    companyId: _ignored,
    number,
    walletUserId,
    walletQueueId,
    ...fields
  } = input;
  const changes: q.ContactChanges = {
    ...fields,
    ...(await walletChanges(ctx, { walletUserId, walletQueueId })),
  };
  if (number !== undefined && !target.isGroup) {
    const normalized = normalizeNumber(number, await companyCountry(ctx));
    if (normalized !== target.number) changes.number = await checkOnChannel(ctx, normalized);
  }
  await withUniqueNumber(
    ctx.db.transaction(async (tx) => {
      await q.updateContactRow(tx, target.id, changes);
      if (tagIds) await q.replaceContactTags(tx, target.id, tagIds);
      if (extraInfo) await q.replaceExtraInfo(tx, target.id, extraInfo);
    }),
  );
  return publishContact(ctx, target.id, 'update');
}

async function changeContact(ctx: Context, id: number, change: (row: q.ContactRow) => q.ContactChanges) {
  const target = await findContact(ctx, id);
  await q.updateContactRow(ctx.db, target.id, change(target));
  return publishContact(ctx, target.id, 'update');
}

export const toggleAcceptAudio = (ctx: Context, id: number) =>
  changeContact(ctx, id, (row) => ({ acceptAudioMessage: !row.acceptAudioMessage }));

export const toggleDisableBot = (ctx: Context, id: number) =>
  changeContact(ctx, id, (row) => ({ disableBot: !row.disableBot }));

/**
 * 1-attendance §4: a contact is active or blocked (active false). A blocked contact's messages are kept
 * but open no ticket (the inbound pipeline); connected channels that can also block the number there.
 */
export async function blockContact(ctx: Context, id: number, active: boolean) {
  const target = await findContact(ctx, id);
  await q.updateContactRow(ctx.db, target.id, { active });
  if (!target.isGroup) await blockOnChannels(ctx, target.number, !active);
  return publishContact(ctx, target.id, 'update');
}

/** Best effort: the block here stands whatever a channel answers. */
async function blockOnChannels(ctx: Context, number: string, blocked: boolean) {
  const { channels, log } = ctx.deps;
  for (const connection of await q.companyConnections(ctx.db)) {
    await channels
      .connected(connection.id)
      ?.setBlocked?.(number, blocked)
      .catch((err: unknown) =>
        log.warn({ err, connectionId: connection.id }, 'could not block on the channel'),
      );
  }
}

/**
 * DELETE /contacts/:id ('contacts-page:deleteContact'). A ticket cannot outlive its contact, so the
 * contact's tickets, their messages and notes are deleted with it in one transaction (the client's
 * confirmation says so); their media files are removed after the commit, and every list drops them.
 */
export async function deleteContact(ctx: Context, id: number) {
  if (!actorCan(ctx.actor, 'contacts-page:deleteContact')) throw forbidden();
  const target = await findContact(ctx, id);
  const gone = await ctx.db.transaction((tx) => q.deleteContactRow(tx, target.id));
  await removeMedia(ctx.deps.media, target.companyId, gone.files);
  for (const ticket of gone.tickets) emitTicketDelete(ctx.events, ticket);
  emitContact(ctx, { action: 'delete', contactId: target.id });
  return { ok: true as const, deletedTickets: gone.tickets.length };
}

/** POST /tags/sync: the contact's tags become exactly these. */
export async function syncContactTags(ctx: Context, contactId: number, tags: (number | { id: number })[]) {
  const target = await findContact(ctx, contactId);
  const tagIds = await ownTagIds(
    ctx,
    tags.map((t) => (typeof t === 'number' ? t : t.id)),
  );
  await ctx.db.transaction((tx) => q.replaceContactTags(tx, target.id, tagIds));
  await publishContact(ctx, target.id, 'update');
  return { tags: await q.tagsOfContact(ctx.db, target.id) };
}

export async function contactTagsOf(ctx: Context, contactId: number) {
  const target = await findContact(ctx, contactId);
  return { tags: await q.tagsOfContact(ctx.db, target.id) };
}

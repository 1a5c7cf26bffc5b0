import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import {
  CONTACT_LISTS_PAGE_SIZE,
  type ContactList,
  type ContactListImportSummary,
  type contactListBody,
  type contactListItemBody,
} from '../../../shared/api/contact-lists';
import type { UploadedSheet } from '../../../shared/api/contacts';
import { VALIDATION } from '../../../shared/errors';
import { type Country, normalizeNumber } from '../../../shared/phone-number';
import { isUniqueViolation } from '../../db/errors';
import { actorCan } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { type EventSink, toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { readSpreadsheet } from '../contacts/spreadsheet';
import { readCompanySettings } from '../settings/queries';
import * as q from './queries';

type ItemInput = z.output<typeof contactListItemBody>;

/** Rows written per statement of an import (all of them in one transaction). */
const IMPORT_BATCH = 500;

const noList = () => notFound('ERR_NO_CONTACT_LIST_FOUND');

export function publishList(events: EventSink, companyId: number, record: ContactList) {
  events.publish(toCompany('contactList', companyId, { action: 'update', record }));
}

async function existingList(db: TenantDb, id: number) {
  const list = await q.findList(db, id);
  if (!list) throw noList();
  return list;
}

/** GET /contact-lists: 20 a page by name; the search looks at the name, any case. */
export async function listContactLists(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const { rows, total } = await q.selectListPage(ctx.db, query.searchParam.trim(), {
    limit: CONTACT_LISTS_PAGE_SIZE,
    offset,
  });
  return { records: rows, count: total, hasMore: offset + rows.length < total };
}

export const allContactLists = (ctx: Context) => q.selectAllLists(ctx.db);

export const showContactList = (ctx: Context, id: number) => existingList(ctx.db, id);

export async function createContactList(ctx: Context, input: z.output<typeof contactListBody>) {
  const record = await existingList(ctx.db, await q.insertList(ctx.db, input.name));
  ctx.events.publish(toCompany('contactList', ctx.actor.companyId, { action: 'create', record }));
  return record;
}

export async function updateContactList(ctx: Context, id: number, input: z.output<typeof contactListBody>) {
  if (!(await q.renameList(ctx.db, id, input.name))) throw noList();
  const record = await existingList(ctx.db, id);
  publishList(ctx.events, ctx.actor.companyId, record);
  return record;
}

/** Its members go with it; a campaign that targeted it keeps running on its frozen audience. */
export async function deleteContactList(ctx: Context, id: number) {
  if (!(await q.deleteList(ctx.db, id))) throw noList();
  ctx.events.publish(toCompany('contactList', ctx.actor.companyId, { action: 'delete', id }));
  return { ok: true as const };
}

/** GET /contact-list-items: the list's members, 20 a page by name; the search text is lower-cased. */
export async function listItems(ctx: Context, query: z.output<typeof pageQuery> & { contactListId: number }) {
  await existingList(ctx.db, query.contactListId);
  const offset = (query.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const { rows, total } = await q.selectItemPage(
    ctx.db,
    query.contactListId,
    query.searchParam.trim().toLowerCase(),
    { limit: CONTACT_LISTS_PAGE_SIZE, offset },
  );
  return { contacts: rows, count: total, hasMore: offset + rows.length < total };
}

/** A number as contacts keep it: digits with the company's country code; 8 to 50 digits (3-automation §5). */
function normalizedNumber(text: string, country: Country) {
  const number = normalizeNumber(text, country);
  if (number.length < 8) throw new AppError(VALIDATION.tooShort, 400);
  if (number.length > 50) throw new AppError(VALIDATION.tooLong, 400);
  return number;
}

/** The list's counts changed: its row on every screen, and the check for what is new. */
async function afterMembersChanged(ctx: Context, contactListId: number) {
  const list = await q.findList(ctx.db, contactListId);
  if (list) publishList(ctx.events, ctx.actor.companyId, list);
  if (list?.uncheckedCount) ctx.deps.jobs.nudge();
}

/** One number per list: adding (or renaming to) a number already there answers ERR_CONTACT_LIST_NUMBER_EXISTS. */
async function writeItem(ctx: Context, input: ItemInput, id?: number) {
  const { country } = await readCompanySettings(ctx.db);
  const values = { ...input, number: normalizedNumber(input.number, country) };
  const exists = () => new AppError('ERR_CONTACT_LIST_NUMBER_EXISTS', 409);
  const record = await ctx.db
    .transaction(async (tx) => {
      if (!(await q.lockList(tx, input.contactListId))) throw noList();
      const same = await q.findItemByNumber(tx, input.contactListId, values.number);
      if (same && same.id !== id) throw exists();
      const written = id === undefined ? await q.insertItem(tx, values) : await q.updateItem(tx, id, values);
      if (!written) throw notFound('ERR_NOT_FOUND');
      // The check is asked for with the write, so a crash in between cannot leave the member unchecked.
      if (written.isWhatsappValid === null) await q.scheduleNumberCheck(tx);
      return written;
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err, 'contact_list_items_list_number_unique') ? exists() : err;
    });
  ctx.events.publish(
    toCompany('contactListItem', ctx.actor.companyId, { action: id ? 'update' : 'create', record }),
  );
  await afterMembersChanged(ctx, record.contactListId);
  return record;
}

export const createItem = (ctx: Context, input: ItemInput) => writeItem(ctx, input);

export async function updateItem(ctx: Context, id: number, input: ItemInput) {
  const before = await q.findItem(ctx.db, id);
  if (!before) throw notFound('ERR_NOT_FOUND');
  const record = await writeItem(ctx, input, id);
  // A member moved to another list changes the counts of the one it left too.
  if (before.contactListId !== record.contactListId) {
    const left = await q.findList(ctx.db, before.contactListId);
    if (left) publishList(ctx.events, ctx.actor.companyId, left);
  }
  return record;
}

/** 3-automation §6: deleting a member needs contacts-page:deleteContact. */
export async function deleteItem(ctx: Context, id: number) {
  if (!actorCan(ctx.actor, 'contacts-page:deleteContact')) throw forbidden();
  const removed = await q.deleteItem(ctx.db, id);
  if (!removed) throw notFound('ERR_NOT_FOUND');
  const { contactListId } = removed;
  ctx.events.publish(
    toCompany('contactListItem', ctx.actor.companyId, { action: 'delete', id, contactListId }),
  );
  const list = await q.findList(ctx.db, contactListId);
  if (list) publishList(ctx.events, ctx.actor.companyId, list);
  return { ok: true as const };
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** Header names of each field, compared without case, accents, spaces, dashes or underscores. */
const HEADERS = {
  name: ['name', 'nome', 'nombre', 'ad', 'isim'],
  number: ['number', 'numero', 'phone', 'telefone', 'telefono', 'celular', 'whatsapp', 'mobile', 'telefon'],
  email: ['email', 'correo', 'eposta'],
} as const;

/** Which column holds each field, by its header. */
function columnsOf(sheet: UploadedSheet) {
  const headers = sheet.columns.map(plain);
  const find = (names: readonly string[]) => headers.findIndex((h) => names.includes(h));
  return { name: find(HEADERS.name), number: find(HEADERS.number), email: find(HEADERS.email) };
}

/**
 * POST /contact-lists/:id/upload: the first sheet of an .xlsx, an .xls or a .csv, its columns found by header. A
 * row without a usable name or number is skipped (an invalid e-mail is dropped, the member kept); a number
 * already in the list (or earlier in the file) is merged into that member. Written in one transaction, in
 * batches; the WhatsApp check runs afterwards in the background.
 */
export async function importContactList(
  ctx: Context,
  id: number,
  files: ReceivedFile[],
): Promise<ContactListImportSummary> {
  await existingList(ctx.db, id);
  const file = files.find((f) => f.field === 'file') ?? files[0];
  const data = await file?.read();
  const sheet = await readSpreadsheet(data);
  const column = columnsOf(sheet);
  if (column.number < 0) throw new AppError('ERR_CONTACT_LIST_NO_NUMBER_COLUMN', 400);
  const { country } = await readCompanySettings(ctx.db);

  const members = new Map<string, { name: string; number: string; email: string }>();
  let skipped = 0;
  for (const row of sheet.rows) {
    const cell = (index: number) => (index < 0 ? '' : (row.cells[index] ?? '').trim());
    const name = cell(column.name);
    const number = normalizeNumber(cell(column.number), country);
    const email = cell(column.email);
    if (name.length < 2 || name.length > 50 || number.length < 8 || number.length > 50) {
      skipped++;
      continue;
    }
    const validEmail = email.length <= 200 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '';
    const seen = members.get(number);
    members.set(number, { name, number, email: validEmail || seen?.email || '' });
  }

  const batch = [...members.values()];
  const added = await ctx.db.transaction(async (tx) => {
    if (!(await q.lockList(tx, id))) throw noList();
    let created = 0;
    for (let i = 0; i < batch.length; i += IMPORT_BATCH) {
      created += await q.upsertItems(tx, id, batch.slice(i, i + IMPORT_BATCH));
    }
    if (batch.length) await q.scheduleNumberCheck(tx);
    return created;
  });
  await afterMembersChanged(ctx, id);
  const rows = sheet.rows.length;
  return { rows, added, merged: rows - skipped - added, skipped };
}

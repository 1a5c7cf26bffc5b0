import type { z } from 'zod';
import {
  contactNameField,
  contactNumberField,
  type ImportField,
  type ImportInvalid,
  type ImportMapping,
  type ImportResult,
  type importOneContactBody,
  optionalEmail,
  type SheetRow,
} from '../../../shared/api/contacts';
import { TAG_NAME_MAX, TAG_NAME_MIN } from '../../../shared/api/tags';
import { VALIDATION } from '../../../shared/errors';
import { type Country, normalizeNumber } from '../../../shared/phone-number';
import type { contacts } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';
import { readCompanySettings } from '../settings/queries';
import { checkOnChannel } from './channel-check';
import * as q from './queries';
import { publishContact } from './service';
import { readSpreadsheet } from './spreadsheet';

/** Rows written per transaction: a failed batch is retried row by row, so one bad row costs only itself. */
const ROWS_PER_TRANSACTION = 500;

interface Candidate {
  line: number;
  name: string;
  number: string;
  email: string;
  tagNames: string[];
}

/** Tag names in a cell, separated by commas, semicolons or bars. */
function splitTagNames(text: string) {
  return [
    ...new Set(
      text
        .split(/[,;|]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** A row's fields validated with the contact form's rules; the first field that fails is the reason. */
function readCandidate(
  line: number,
  raw: Record<ImportField, string>,
  country: Country,
): { candidate: Candidate } | { invalid: ImportInvalid } {
  const fail = (field: ImportField, reason = VALIDATION.required as string) => ({
    invalid: { line, field, reason },
  });
  const name = contactNameField.safeParse(raw.name);
  if (!name.success) return fail('name', name.error.issues[0]?.message);
  const number = contactNumberField.safeParse(raw.number);
  if (!number.success) return fail('number', number.error.issues[0]?.message);
  const normalized = normalizeNumber(number.data, country);
  if (normalized.length < 8) return fail('number', VALIDATION.tooShort);
  const email = optionalEmail.safeParse(raw.email);
  if (!email.success) return fail('email', email.error.issues[0]?.message);
  const tagNames = splitTagNames(raw.tags);
  if (tagNames.some((t) => t.length < TAG_NAME_MIN)) return fail('tags', VALIDATION.tooShort);
  if (tagNames.some((t) => t.length > TAG_NAME_MAX)) return fail('tags', VALIDATION.tooLong);
  return { candidate: { line, name: name.data, number: normalized, email: email.data, tagNames } };
}

interface Written {
  created: number;
  updated: number;
  /** Each number's contact and whether this batch created it. */
  contacts: Map<string, { id: number; created: boolean }>;
}

/**
 * Creates or updates contacts by number in one statement: an existing contact takes the row's name (and
 * its email when the row has one) and gains the row's tags. A number repeated in the batch is written
 * once with its last row's values; its first row counts as the creation when the contact is new, the
 * others as updates, exactly as if they had been written one after the other.
 */
async function writeCandidates(tx: TenantDb, candidates: Candidate[]): Promise<Written> {
  const byNumber = new Map<string, Candidate & { rows: number }>();
  for (const c of candidates) {
    const seen = byNumber.get(c.number);
    byNumber.set(c.number, {
      ...c,
      email: c.email || seen?.email || '',
      tagNames: seen ? [...new Set([...seen.tagNames, ...c.tagNames])] : c.tagNames,
      rows: (seen?.rows ?? 0) + 1,
    });
  }
  const merged = [...byNumber.values()];
  const tagIds = await q.tagIdsByName(
    tx,
    merged.flatMap((c) => c.tagNames),
  );
  const rows = await q.upsertContacts(
    tx,
    merged.map((c) => ({ name: c.name, number: c.number, email: c.email })),
  );
  const written: Written = { created: 0, updated: 0, contacts: new Map() };
  const links: { contactId: number; tagId: number }[] = [];
  for (const row of rows) {
    const c = byNumber.get(row.number)!;
    written.contacts.set(row.number, { id: row.id, created: row.created });
    written.created += row.created ? 1 : 0;
    written.updated += c.rows - (row.created ? 1 : 0);
    for (const name of c.tagNames) links.push({ contactId: row.id, tagId: tagIds.get(name.toLowerCase())! });
  }
  await q.linkContactTags(tx, links);
  return written;
}

/** Writes a batch in one transaction; if that fails, each row in its own, so one bad row costs only itself. */
async function writeBatch(ctx: Context, batch: Candidate[], result: ImportResult) {
  const { log } = ctx.deps;
  try {
    const written = await ctx.db.transaction((tx) => writeCandidates(tx, batch));
    result.created += written.created;
    result.updated += written.updated;
  } catch (batchError) {
    if (batch.length === 1) {
      log.warn({ err: batchError, line: batch[0]!.line }, 'contact import row failed');
      result.invalid.push({
        line: batch[0]!.line,
        field: 'number',
        reason: batchError instanceof AppError ? batchError.code : 'ERR_INTERNAL',
      });
      return;
    }
    for (const one of batch) await writeBatch(ctx, [one], result);
  }
}

/**
 * POST /contacts/import: the selected rows of an uploaded sheet with the column mapping. Invalid rows
 * are reported with their line and reason and never stop the others. Imports announce no contact one by
 * one (a 50,000-row file would flood every screen); the importing screen reloads its list at the end.
 */
export async function importContacts(
  ctx: Context,
  input: { mapping: ImportMapping; rows: SheetRow[] },
): Promise<ImportResult> {
  const { mapping } = input;
  const cell = (row: SheetRow, index: number | null | undefined) =>
    index === null || index === undefined ? '' : (row.cells[index] ?? '');
  const result: ImportResult = { created: 0, updated: 0, invalid: [] };
  const candidates: Candidate[] = [];
  const { country } = await readCompanySettings(ctx.db);
  for (const row of input.rows) {
    const read = readCandidate(
      row.line,
      {
        name: cell(row, mapping.name),
        number: cell(row, mapping.number),
        email: cell(row, mapping.email),
        tags: cell(row, mapping.tags),
      },
      country,
    );
    if ('invalid' in read) result.invalid.push(read.invalid);
    else candidates.push(read.candidate);
  }
  for (let i = 0; i < candidates.length; i += ROWS_PER_TRANSACTION) {
    await writeBatch(ctx, candidates.slice(i, i + ROWS_PER_TRANSACTION), result);
  }
  result.invalid.sort((a, b) => a.line - b.line);
  return result;
}

/** POST /contacts/upload: the sheet is read whole to be parsed, within the route's size cap. */
export async function uploadSpreadsheet(files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file') ?? files[0];
  return readSpreadsheet(await file?.read());
}

/** POST /contactsImport: one contact, created or updated by number, with tags by name. */
export async function importOneContact(ctx: Context, input: z.output<typeof importOneContactBody>) {
  const tagText = Array.isArray(input.tags) ? input.tags.join(',') : (input.tags ?? '');
  const read = readCandidate(
    1,
    { name: input.name, number: input.number, email: input.email ?? '', tags: tagText },
    (await readCompanySettings(ctx.db)).country,
  );
  if ('invalid' in read) throw new AppError(read.invalid.reason, 400);
  const candidate = read.candidate;
  if (input.validateContact) candidate.number = await checkOnChannel(ctx, candidate.number);
  const written = await ctx.db.transaction((tx) => writeCandidates(tx, [candidate]));
  const { id, created } = written.contacts.get(candidate.number)!;
  return { contact: await publishContact(ctx, id, created ? 'create' : 'update'), created };
}

/**
 * POST /contacts/import/chats: the people the company's connected channels have chats with become
 * contacts (channels that keep a chat list; the inbound pipeline makes the contacts of every message
 * anyway, so this brings back the chats of deleted contacts and those from before the connection). An
 * existing contact is left as it is: its name may have been edited here.
 */
export async function importChats(ctx: Context) {
  const { channels } = ctx.deps;
  const connections = await q.companyConnections(ctx.db);
  const people = new Map<string, TenantInsertValue<typeof contacts>>();
  for (const connection of connections) {
    const driver = await channels.sendingDriver(connection.id);
    for (const chat of (await driver?.listChats?.()) ?? []) {
      const number = normalizeNumber(chat.number);
      if (number.length < 8 || number.length > 50 || people.has(number)) continue;
      const name = chat.name.trim().length >= 2 ? chat.name.trim().slice(0, 250) : number;
      people.set(number, { number, name, channel: connection.channel, whatsappId: connection.id });
    }
  }
  const all = [...people.values()];
  let created = 0;
  for (let i = 0; i < all.length; i += ROWS_PER_TRANSACTION) {
    created += await q.insertNewContacts(ctx.db, all.slice(i, i + ROWS_PER_TRANSACTION));
  }
  return { created, existing: all.length - created };
}

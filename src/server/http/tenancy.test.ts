import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../shared/api';
import { buildPath, type RouteDef, type UploadFile } from '../../shared/api/contract';
import { encodeBody, encodeQuery } from '../../shared/api/wire';
import { DEFAULT_SCHEDULES } from '../../shared/schedules';
import * as schema from '../db/schema';
import { contactTags, settings, users } from '../db/schema';
import { aConnection, aContact, aTag, aTicket, randomNumber, tagTicket } from '../test/builders';
import { aCompany, aQueue, startTestServer, type TestServer } from '../test/server';

/*
 * Company B's admin names company A's records in every route of the contract that takes one, and must be
 * answered exactly as if the record did not exist (403/404, none of A's text), while the same call naming
 * B's own record is told apart (so the lookup is reached) and A's rows stay as they were. Generated from
 * the contract like access.test.ts: a route added later is swept without editing this file, once its
 * parameter is known below.
 */

const paramsOf = (def: RouteDef) => [...def.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

// Deletes last: a hole that deletes A's record would otherwise hide the holes of routes swept after it.
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'];

// Super administrators act across companies by design, and public routes have no caller's company to
// hold to: the sweep is of the routes a company's own users call.
/** Routes whose record is the platform's, not a company's: every company reads the same one. */
const PLATFORM_RECORDS: Record<string, string> = {
  'announcements.media':
    'an announcement is the platform’s; its image is every signed-in user’s while it is active',
};

const swept = Object.entries(api)
  .flatMap(([domain, defs]) =>
    Object.entries(defs as Record<string, RouteDef>)
      .filter(
        ([name, def]) =>
          (def.access === 'user' || def.access === 'admin') &&
          paramsOf(def).length > 0 &&
          !PLATFORM_RECORDS[`${domain}.${name}`],
      )
      .map(([name, def]) => ({ key: `${domain}.${name}`, domain, def })),
  )
  .sort((x, y) => METHOD_ORDER.indexOf(x.def.method) - METHOD_ORDER.indexOf(y.def.method));
type Route = (typeof swept)[number];

type Value = string | number;

/** One record of each kind a path parameter can name, made the same way for every company. */
interface Records {
  company: { id: number; name: string };
  user: { id: number; profileImage: string };
  queue: { id: number };
  chatbot: { id: number };
  fileList: { id: number; optionId: number };
  quickMessage: { id: number; mediaPath: string };
  connection: { id: number };
  contact: { id: number; number: string };
  ticket: { id: number; uuid: string };
  message: { id: number };
  tag: { id: number };
  note: { id: number };
  setting: { key: string };
  charge: { txid: string };
  contactList: { id: number };
  contactListItem: { id: number };
  campaign: { id: number };
  schedule: { id: number; mediaPath: string };
  holiday: { id: number };
}
type Kind = keyof Records;
/** Records made when first named: a route's own records hold only what its parameters name. */
type Lazy = { [K in Kind]: () => Promise<Records[K]> };
type Named = (records: Lazy) => Promise<Value>;

/** `:id` names a record of the route's own domain. */
const ID_OF_DOMAIN: Record<string, Named> = {
  users: async (r) => (await r.user()).id,
  companies: async (r) => (await r.company()).id,
  queues: async (r) => (await r.queue()).id,
  chatbots: async (r) => (await r.chatbot()).id,
  files: async (r) => (await r.fileList()).id,
  quickMessages: async (r) => (await r.quickMessage()).id,
  tickets: async (r) => (await r.ticket()).id,
  contacts: async (r) => (await r.contact()).id,
  tags: async (r) => (await r.tag()).id,
  notes: async (r) => (await r.note()).id,
  whatsapps: async (r) => (await r.connection()).id,
  graph: async (r) => (await r.connection()).id,
  contactLists: async (r) => (await r.contactList()).id,
  campaigns: async (r) => (await r.campaign()).id,
  campaignRuns: async (r) => (await r.campaign()).id,
  schedules: async (r) => (await r.schedule()).id,
  holidays: async (r) => (await r.holiday()).id,
};

/** Routes whose `:id` names a record of another kind than their domain's. */
const ID_OF_ROUTE: Record<string, Named> = {
  'contactLists.updateItem': async (r) => (await r.contactListItem()).id,
  'contactLists.removeItem': async (r) => (await r.contactListItem()).id,
};

/** Every other parameter names the same kind of record wherever it appears. */
const NAMED_BY: Record<string, Named> = {
  userId: async (r) => (await r.user()).id,
  companyId: async (r) => (await r.company()).id,
  fileId: async (r) => (await r.fileList()).id,
  uuid: async (r) => (await r.ticket()).uuid,
  ticketUuid: async (r) => (await r.ticket()).uuid,
  ticketId: async (r) => (await r.ticket()).id,
  messageId: async (r) => (await r.message()).id,
  contactId: async (r) => (await r.contact()).id,
  tagId: async (r) => (await r.tag()).id,
  key: async (r) => (await r.setting()).key,
  number: async (r) => (await r.contact()).number,
  txid: async (r) => (await r.charge()).txid,
};

const recordNamedBy = (param: string, route: { domain: string; key: string }): Named | undefined =>
  param === 'id' ? (ID_OF_ROUTE[route.key] ?? ID_OF_DOMAIN[route.domain]) : NAMED_BY[param];

/** A value of the same shape that names no record at all. */
const noRecordLike = (value: Value): Value =>
  typeof value === 'number' ? 2_000_000_000 : /^\d+$/.test(value) ? randomNumber() : randomUUID();

/** A lookup by value rather than by id: a number no contact has is answered 200 with `contact: null`. */
const ANSWERS_NONE_WITH_200 = new Set(['contacts.profile']);

/**
 * Routes whose parameter never reaches a company's record, so the call naming B's own record cannot be
 * told from one naming nothing.
 */
const NEVER_LOOKS_UP_A_COMPANY_RECORD: Record<string, string> = {
  'settings.update':
    'PUT /settings/:key saves platform keys only (the super administrator’s); any other key is absent for every company admin',
};

// ——— Request bodies.

/** The part each upload route takes its file from: some refuse a request without one before any lookup. */
const UPLOAD_FIELD: Record<string, string> = {
  'users.uploadMedia': 'profileImage',
  'files.upload': 'files',
  'quickMessages.uploadMedia': 'file',
  'messages.send': 'medias',
  'whatsapps.uploadMedia': 'file',
  'contactLists.upload': 'file',
  'campaigns.uploadMedia': 'file',
  'schedules.uploadMedia': 'file',
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const png = (field: string): UploadFile => ({ field, name: 'sweep.png', type: 'image/png', data: PNG });

/**
 * Bodies the schemas cannot make by themselves: a week naming each day once (a refinement), and the file
 * list's own option, without which the upload is refused whoever owns the list.
 */
const SAMPLE_BODIES: Record<string, (records: Lazy) => Promise<unknown>> = {
  'companies.updateSchedules': async () => ({ schedules: DEFAULT_SCHEDULES }),
  'files.upload': async (r) => ({ id: String((await r.fileList()).optionId) }),
  // A campaign names its company's connection.
  'campaigns.update': async (r) => ({ name: 'sweep campaign', whatsappId: (await r.connection()).id }),
  'schedules.update': async (r) => ({
    body: 'sweep scheduled message',
    contactId: (await r.contact()).id,
    sendAt: new Date(Date.now() + 3600_000).toISOString(),
  }),
  'holidays.update': async () => ({ date: '2031-02-03', name: 'sweep holiday' }),
};

/** The JSON Schema fields the sample maker reads (what z.toJSONSchema writes for the contract). */
interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
}

// Digits pass as names, numbers and ids alike; the others are for patterns and formats.
const TEXTS = ['55119876543', '00:00', '#abcdef', 'sweep@atendo.test'];

const fitsText = (s: JsonSchema) => (text: string) =>
  text.length >= (s.minLength ?? 0) &&
  text.length <= (s.maxLength ?? Number.POSITIVE_INFINITY) &&
  (!s.pattern || new RegExp(s.pattern).test(text)) &&
  (s.format !== 'email' || text.includes('@'));

/** The smallest value a schema takes: required fields only, each at its lower bound. */
function sampleOf(s: JsonSchema, root: JsonSchema): unknown {
  if (s.$ref) {
    const name = s.$ref.replace(/^#(\/\$defs\/)?/, '');
    return sampleOf(name ? root.$defs![name]! : root, root);
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (options) return sampleOf(options[0]!, root);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, root)));
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((key) => [key, sampleOf(s.properties?.[key] ?? {}, root)]),
      );
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items ?? {}, root));
    case 'string':
      return TEXTS.find(fitsText(s));
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 0 : s.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** A value the route's own schema accepts; a 400 would stop the request before any lookup. */
async function validInput(route: Route, part: 'body' | 'query', records: Lazy): Promise<unknown> {
  const schema = route.def[part];
  if (!schema) return undefined;
  const sample = part === 'body' ? SAMPLE_BODIES[route.key] : undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const value = sample ? await sample(records) : sampleOf(json, json);
  const check = schema.safeParse(value);
  if (!check.success) {
    throw new Error(
      `${route.key}: no valid ${part} (${check.error.issues[0]?.message}); give the route one in SAMPLE_BODIES`,
    );
  }
  return value;
}

// ——— Calls.

let server: TestServer;
let dataDir: string;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

interface Call {
  params: Record<string, Value>;
  query?: unknown;
  body?: unknown;
  files?: UploadFile[];
}

/** A contract call through Fastify inject, as multipart when files go with it (the clients' encoding). */
async function send(def: RouteDef, call: Call, token: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const encoded = encodeBody({ body: call.body, files: call.files });
  let payload: string | Buffer | undefined;
  if (encoded.body instanceof FormData) {
    const request = new Request('http://local', { method: 'POST', body: encoded.body });
    headers['content-type'] = request.headers.get('content-type')!;
    payload = Buffer.from(await request.arrayBuffer());
  } else if (typeof encoded.body === 'string') {
    headers['content-type'] = encoded.contentType!;
    payload = encoded.body;
  }
  const res = await server.app.inject({
    method: def.method,
    url: `/api${buildPath(def.path, call.params)}${encodeQuery(call.query as Record<string, unknown>)}`,
    headers,
    payload,
  });
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    // files and plain answers stay text
  }
  return { status: res.statusCode, body, text: res.body };
}

async function made<T>(what: string, answer: Promise<Answer>): Promise<T> {
  const { status, text, body } = await answer;
  if (status !== 200) throw new Error(`making ${what}: ${status} ${text}`);
  return body as T;
}

// ——— Records.

interface Company {
  id: number;
  name: string;
  admin: { id: number; email: string; token: string };
}

async function newCompany(label: string): Promise<Company> {
  const name = `${label} company`;
  const company = await aCompany(server, { name });
  return { id: company.id, name, admin: company.admin };
}

const once = <T>(make: () => Promise<T>) => {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= make();
    return promise;
  };
};

let holidays = 0;

/** The records of a company, each named after `label` so that its text is found in any answer. */
function recordsOf(company: Company, label: string): Lazy {
  const token = company.admin.token;
  const { db } = server.database;
  const r: Lazy = {
    company: once(async () => {
      // Hours of its own, so a week written over them would show.
      const schedules = DEFAULT_SCHEDULES.map((day) => ({ ...day, startTimeA: '07:00' }));
      await made(
        'schedules',
        send(api.companies.updateSchedules, { params: { id: company.id }, body: { schedules } }, token),
      );
      return { id: company.id, name: company.name };
    }),
    user: once(async () => {
      const [row] = await db
        .insert(users)
        .values({
          companyId: company.id,
          name: `${label} user`,
          email: `${label}-user@atendo.test`,
          passwordHash: 'never signs in',
        })
        .returning();
      const avatar = await made<{ user: { profileImage: string } }>(
        'an avatar',
        send(api.users.uploadMedia, { params: { id: row!.id }, files: [png('profileImage')] }, token),
      );
      return { id: row!.id, profileImage: avatar.user.profileImage };
    }),
    queue: once(async () => ({ id: (await aQueue(server, company.id, `${label} queue`)).id })),
    chatbot: once(async () => {
      const body = { queueId: (await r.queue()).id, name: `${label} option` };
      return made<{ id: number }>('a chatbot option', send(api.chatbots.create, { params: {}, body }, token));
    }),
    fileList: once(async () => {
      const body = {
        name: `${label} list`,
        message: `${label} list message`,
        options: [{ name: `${label} file` }],
      };
      const list = await made<{ id: number; options: { id: number }[] }>(
        'a file list',
        send(api.files.create, { params: {}, body }, token),
      );
      return { id: list.id, optionId: list.options[0]!.id };
    }),
    quickMessage: once(async () => {
      const body = { shortcode: `${label}-shortcut`, message: `${label} quick message` };
      const { id } = await made<{ id: number }>(
        'a quick message',
        send(api.quickMessages.create, { params: {}, body }, token),
      );
      const withMedia = await made<{ mediaPath: string }>(
        'its attachment',
        send(api.quickMessages.uploadMedia, { params: { id }, files: [png('file')] }, token),
      );
      return { id, mediaPath: withMedia.mediaPath };
    }),
    connection: once(async () => {
      const { id } = await aConnection(server, company.id, { name: `${label} connection` });
      // A greeting attachment, so the route serving it has something to serve.
      await made(
        'a greeting',
        send(api.whatsapps.uploadMedia, { params: { id }, files: [png('file')] }, token),
      );
      return { id };
    }),
    contact: once(async () => {
      const contact = await aContact(server, company.id, {
        name: `${label} contact`,
        email: `${label}-contact@atendo.test`,
      });
      await db.insert(contactTags).values({ contactId: contact.id, tagId: (await r.tag()).id });
      return { id: contact.id, number: contact.number };
    }),
    ticket: once(async () => {
      const ticket = await aTicket(server, company.id, {
        contactId: (await r.contact()).id,
        whatsappId: (await r.connection()).id,
        status: 'open',
        userId: company.admin.id,
      });
      // A tag on it, so taking tags off has something to take.
      await tagTicket(server, ticket.id, (await r.tag()).id);
      return { id: ticket.id, uuid: ticket.uuid };
    }),
    message: once(async () => {
      // Sent by the admin, so the admin may edit and delete it; with a file, so it has media to serve.
      const params = { ticketId: (await r.ticket()).id };
      const body = { body: `${label} message` };
      return made<{ id: number }>(
        'a message',
        send(api.messages.send, { params, body, files: [png('medias')] }, token),
      );
    }),
    tag: once(async () => ({ id: (await aTag(server, company.id, `${label} tag`)).id })),
    note: once(async () => {
      const body = { note: `${label} note`, ticketId: (await r.ticket()).id };
      return made<{ id: number }>('a note', send(api.notes.create, { params: {}, body }, token));
    }),
    setting: once(async () => {
      const key = `${label}-setting`;
      await db.insert(settings).values({ companyId: company.id, key, value: `${label} setting value` });
      return { key };
    }),
    contactList: once(async () => {
      const body = { name: `${label} list` };
      return made<{ id: number }>(
        'a contact list',
        send(api.contactLists.create, { params: {}, body }, token),
      );
    }),
    contactListItem: once(async () => {
      const body = {
        contactListId: (await r.contactList()).id,
        name: `${label} member`,
        number: randomNumber(),
      };
      return made<{ id: number }>(
        'a list member',
        send(api.contactLists.createItem, { params: {}, body }, token),
      );
    }),
    schedule: once(async () => {
      const body = {
        body: `${label} scheduled message`,
        contactId: (await r.contact()).id,
        sendAt: new Date(Date.now() + 3600_000).toISOString(),
      };
      const { id } = await made<{ id: number }>(
        'a schedule',
        send(api.schedules.create, { params: {}, body }, token),
      );
      const withMedia = await made<{ mediaPath: string }>(
        'its image',
        send(api.schedules.uploadMedia, { params: { id }, files: [png('file')] }, token),
      );
      return { id, mediaPath: withMedia.mediaPath };
    }),
    holiday: once(async () => {
      // A date of its own per company: a date is unique within a company.
      const body = { date: `2030-01-${String(++holidays).padStart(2, '0')}`, name: `${label} holiday` };
      return made<{ id: number }>('a holiday', send(api.holidays.create, { params: {}, body }, token));
    }),
    charge: once(async () => {
      // An open invoice of its own (made on read only near a due date), paid for by Pix at the test bank.
      const [invoice] = await db
        .insert(schema.invoices)
        .values({
          companyId: company.id,
          detail: `${label} invoice`,
          users: 3,
          connections: 3,
          value: '49.00',
          dueDate: '2999-01-01',
        })
        .returning();
      const body = {
        firstName: label,
        zipcode: '52998224725',
        plan: { kind: 'custom', users: 3, connections: 3 },
        invoiceId: invoice!.id,
      };
      return made<{ txid: string }>(
        'a Pix charge',
        send(api.invoices.subscribe, { params: {}, body }, token),
      );
    }),
    campaign: once(async () => {
      const body = { name: `${label} campaign`.slice(0, 50), whatsappId: (await r.connection()).id };
      const { id } = await made<{ id: number }>(
        'a campaign',
        send(api.campaigns.create, { params: {}, body }, token),
      );
      // An attachment, so the route serving it has something to serve.
      await made(
        'its attachment',
        send(api.campaigns.uploadMedia, { params: { id }, files: [png('file')] }, token),
      );
      // Cancelled, so that restart would act on it (a running one would gain its sender's jobs meanwhile).
      await db.update(schema.campaigns).set({ status: 'CANCELADA' }).where(eq(schema.campaigns.id, id));
      return { id };
    }),
  };
  return r;
}

const KINDS: Kind[] = [
  'company',
  'user',
  'queue',
  'chatbot',
  'fileList',
  'quickMessage',
  'connection',
  'contact',
  'ticket',
  'message',
  'tag',
  'note',
  'setting',
  'charge',
  'contactList',
  'contactListItem',
  'campaign',
  'schedule',
  'holiday',
];

const newLabel = (company: string) => `sweep${company}-${randomBytes(3).toString('hex')}`;

let a: Company;
let aRecords: Lazy;
/** Text of A's records that must never reach B: the label is in every name, note and message. */
let aTexts: string[];
let b: Company;
/** B's records for the routes that only read; a route that writes gets records of its own. */
let bShared: Lazy;
let aBefore: Record<string, Answer>;
/** A's rows as the last route that writes left them. */
let aRows: Record<string, string[]>;

/**
 * What A's admin reads of A's records: every swept read naming them, and the notes and tags no such read
 * shows. The ticket's log is left out: each opening of the ticket (these reads among them) adds to it.
 */
async function readAsA(): Promise<Record<string, Answer>> {
  const reads: [string, Promise<Answer>][] = [];
  for (const route of swept) {
    if (route.def.method !== 'GET' || route.key === 'tickets.logs') continue;
    // A parameter without a known record fails its own test, not the whole file.
    if (paramsOf(route.def).some((param) => !recordNamedBy(param, route))) continue;
    const params = await paramValues(route, aRecords);
    const query = await validInput(route, 'query', aRecords);
    reads.push([route.key, send(route.def, { params, query }, a.admin.token)]);
  }
  const ticketId = (await aRecords.ticket()).id;
  reads.push(['notes.list', send(api.notes.list, { params: {}, query: { ticketId } }, a.admin.token)]);
  reads.push(['tags.list', send(api.tags.list, { params: {} }, a.admin.token)]);
  const answers: Record<string, Answer> = {};
  for (const [key, answer] of reads) answers[key] = await answer;
  return answers;
}

/** Reads A's admin is refused whatever the sweep does: their answer must only stay the same. */
const READ_REFUSED_TO_A: Record<string, string> = {
  'graph.templates': 'a test connection has no message templates (only the WhatsApp Cloud API has)',
};

/** The tables whose rows belong to a company (a company_id column). */
const COMPANY_TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .filter((table) => table.columns.some((column) => column.name === 'company_id'))
  .map((table) => table.name);

/**
 * Every row of A's, by table, as text: one query, cheap enough after every write. It catches what no
 * read shows (an updatedAt) and a write answered 404 afterwards; link tables without a company_id are
 * left to the reads of the final check.
 */
async function rowsOfA(): Promise<Record<string, string[]>> {
  const selects = [
    sql`select 'companies' as "table", t::text as "row" from companies t where t.id = ${a.id}`,
    ...COMPANY_TABLES.map(
      (name) =>
        sql`select ${name} as "table", t::text as "row" from ${sql.identifier(name)} t where t.company_id = ${a.id}`,
    ),
  ];
  const result = await server.database.db.execute<{ table: string; row: string }>(
    sql`${sql.join(selects, sql` union all `)} order by 1, 2`,
  );
  const rows: Record<string, string[]> = {};
  for (const { table, row } of result.rows) rows[table] = [...(rows[table] ?? []), row];
  return rows;
}

async function paramValues(route: Route, records: Lazy) {
  const values: Record<string, Value> = {};
  for (const param of paramsOf(route.def)) {
    const named = recordNamedBy(param, route);
    if (!named) throw new Error(`${route.key}: no record of company A is known for :${param}`);
    values[param] = await named(records);
  }
  return values;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-tenancy-'));
  server = await startTestServer({ dataDir, testChannel: true, pix: { provider: 'fake' } });
  const aLabel = newLabel('A');
  a = await newCompany(aLabel);
  aRecords = recordsOf(a, aLabel);
  const built: Partial<Records> = {};
  for (const kind of KINDS) Object.assign(built, { [kind]: await aRecords[kind]() });
  const { contact, ticket, user, quickMessage } = built as Records;
  aTexts = [aLabel, a.admin.email, contact.number, ticket.uuid, user.profileImage, quickMessage.mediaPath];
  const bLabel = newLabel('B');
  b = await newCompany(bLabel);
  bShared = recordsOf(b, bLabel);
  aBefore = await readAsA();
  aRows = await rowsOfA();
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const sameAnswer = ({ status, body }: Answer) => ({ status, body });
const readings = (answers: Record<string, Answer>) =>
  Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, sameAnswer(answer)]));

describe('company B’s admin naming company A’s records', () => {
  it('knows a record of company A for every parameter of the contract', () => {
    const unknown = swept.flatMap((route) =>
      paramsOf(route.def)
        .filter((param) => !recordNamedBy(param, route))
        .map((param) => `${route.key} :${param}`),
    );
    // A new route family gets a record in recordsOf and its parameter in ID_OF_DOMAIN or NAMED_BY.
    expect(unknown).toEqual([]);
  });

  it('sweeps routes of every method', () => {
    // A filter that matched nothing would make the sweep pass vacuously.
    for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
      expect(swept.filter((route) => route.def.method === method).length).toBeGreaterThan(0);
    }
  });

  it.each(swept.map((route) => [`${route.key} (${route.def.method} ${route.def.path})`, route] as const))(
    '%s answers as if the record did not exist',
    async (_name, route) => {
      // Soft assertions: every finding of a route is reported, and A's rows are taken whatever fails.
      const { key, def } = route;
      // A route that writes acts on records of its own, so no other route finds B's records changed.
      const own = def.method === 'GET' ? bShared : recordsOf(b, newLabel('B'));
      const params = paramsOf(def);
      const ownValues = await paramValues(route, own);
      const aValues = await paramValues(route, aRecords);
      const files = UPLOAD_FIELD[key] ? [png(UPLOAD_FIELD[key])] : undefined;
      if (def.multipart && !files) throw new Error(`${key}: say in UPLOAD_FIELD which part takes its file`);
      const query = await validInput(route, 'query', own);

      // Each parameter naming A's record in turn (the others naming B's own, so each lookup is
      // reached), then all of them together.
      const cases = params.length === 1 ? [params] : [...params.map((p) => [p]), params];
      const answersToNone: Answer[] = [];
      for (const fromA of cases) {
        const allFromA = fromA.length === params.length;
        const naming = (pick: (value: Value) => Value) =>
          Object.fromEntries(params.map((p) => [p, fromA.includes(p) ? pick(aValues[p]!) : ownValues[p]!]));
        const what = `${key} naming A's ${fromA.map((p) => `:${p}`).join(' and ')}`;

        const none = await send(
          def,
          { params: naming(noRecordLike), query, body: await validInput(route, 'body', own), files },
          b.admin.token,
        );
        const body = await validInput(route, 'body', allFromA ? aRecords : own);
        const answer = await send(def, { params: naming((v) => v), query, body, files }, b.admin.token);

        const evidence = `${answer.status} ${answer.text.slice(0, 400)}`;
        if (allFromA) {
          expect
            .soft(ANSWERS_NONE_WITH_200.has(key) ? [200] : [403, 404], `${what}: ${evidence}`)
            .toContain(answer.status);
        }
        expect
          .soft(
            aTexts.filter((text) => answer.text.includes(text)),
            `${what} answers with A's data: ${evidence}`,
          )
          .toEqual([]);
        // A 400 refuses the request before any lookup: it would prove nothing.
        expect.soft(none.status, `${what}: refused as invalid: ${none.text}`).not.toBe(400);
        expect
          .soft(sameAnswer(answer), `${what}: A's record is told from no record`)
          .toEqual(sameAnswer(none));
        answersToNone.push(none);
      }

      if (def.method !== 'GET') {
        // Against A's rows as the previous write left them, so a change is laid at the route that made it.
        const before = aRows;
        aRows = await rowsOfA();
        expect.soft(aRows, `${key} changed company A's rows`).toEqual(before);
      }

      if (NEVER_LOOKS_UP_A_COMPANY_RECORD[key]) return;
      // B's own record is served (or refused for a reason of its own): the lookup is reached and told apart.
      const served = await send(
        def,
        { params: ownValues, query, body: await validInput(route, 'body', own), files },
        b.admin.token,
      );
      for (const none of answersToNone) {
        expect
          .soft(
            sameAnswer(served),
            `${key} answers B naming its own record as naming none: the sweep never reaches the lookup`,
          )
          .not.toEqual(sameAnswer(none));
      }
    },
  );

  it('leaves every record of company A as it was', async () => {
    for (const [key, answer] of Object.entries(aBefore)) {
      if (!READ_REFUSED_TO_A[key]) expect(answer.status, `${key} as A's admin: ${answer.text}`).toBe(200);
    }
    expect(readings(await readAsA()), "A's records after the sweep").toEqual(readings(aBefore));
  });
});

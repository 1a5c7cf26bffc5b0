import type { WAMessage } from 'baileys';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContactEvent, events, type TicketEvent } from '../../../shared/realtime';
import type { FakeSocket } from '../../channels/test/fake-whatsapp';
import {
  contactCustomFields,
  contacts,
  contactTags,
  messages,
  ticketNotes,
  tickets,
  ticketTags,
} from '../../db/schema';
import { aConnectedWhatsapp, aContact, aTag, aTicket, collect, drain, tagTicket } from '../../test/builders';
import { aCompany, startTestServer, type TestServer } from '../../test/server';
import {
  ENDED_WITH_TICKET,
  FOLDED_TICKET_REFERENCES,
  MERGED_CONTACT_REFERENCES,
  mergeIdentities,
} from './merge';

/*
 * docs/behaviour.md "Inbound message pipeline" 4: a contact known by WhatsApp's opaque @lid id and the
 * phone-number contact turn out to be one person. Only the WhatsApp socket is fake; the message and event
 * shapes are Baileys 7's.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const LID = '187654321098765@lid';
const PHONE = '5511977776666';
const PHONE_JID = `${PHONE}@s.whatsapp.net`;
const db = () => server.database.db;

let sequence = 0;
/** A contact's text as Baileys 7 upserts it: from a lid, with the phone number beside it when known. */
const fromLid = (body: string, alt?: string): WAMessage => ({
  key: {
    remoteJid: LID,
    ...(alt && { remoteJidAlt: alt }),
    fromMe: false,
    id: `3AMERGE${++sequence}`,
    addressingMode: 'lid',
  },
  messageTimestamp: 1_717_171_717 + sequence,
  pushName: 'Maria Silva',
  message: { conversation: body },
});

/** Baileys 7's `lid-mapping.update`: the lid and phone number of one person. */
const mapping = (socket: FakeSocket) => socket.emit('lid-mapping.update', { lid: LID, pn: PHONE_JID });

const contactsOf = (companyId: number) =>
  db().select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(asc(contacts.id));

const ticketOf = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];

async function setUp() {
  const company = await aCompany(server);
  const { row, socket } = await aConnectedWhatsapp(server, company.id);
  const watcher = await server.socket(company.admin.token);
  return {
    company,
    connection: row,
    socket,
    contactEvents: collect<ContactEvent>(watcher, events.contact(company.id)),
    ticketEvents: collect<TicketEvent>(watcher, events.ticket(company.id)),
    drained: () => drain(server, watcher, company.id),
  };
}

describe('a contact known by its lid', () => {
  it('becomes the phone-number contact when WhatsApp maps its lid to a number', async () => {
    const { company, socket, contactEvents } = await setUp();
    socket.receive([fromLid('Oi, tudo bem?')]);
    await vi.waitFor(async () => expect(await contactsOf(company.id)).toHaveLength(1));
    const [before] = await contactsOf(company.id);
    expect(before).toMatchObject({ number: LID, name: 'Maria Silva' });

    mapping(socket);
    await vi.waitFor(async () => expect((await contactsOf(company.id))[0]!.number).toBe(PHONE));
    const [after] = await contactsOf(company.id);
    expect(after!.id).toBe(before!.id);
    // Announced once committed, a moment after the row changed.
    await vi.waitFor(() =>
      expect(contactEvents).toContainEqual({
        action: 'update',
        contact: expect.objectContaining({ id: before!.id, number: PHONE }),
      }),
    );
  });

  it('is merged into the phone-number contact: tickets, messages, notes, tags and extra information move', async () => {
    const { company, connection, socket, contactEvents, ticketEvents } = await setUp();
    const { row: other } = await aConnectedWhatsapp(server, company.id);
    const alias = await aContact(server, company.id, {
      number: LID,
      name: 'Maria Silva',
      email: 'maria@x.com',
      walletUserId: company.admin.id,
    });
    // Made from the number alone, the phone contact is named by it.
    const kept = await aContact(server, company.id, { number: PHONE, name: PHONE });
    const [vip, lead, urgent] = [
      await aTag(server, company.id),
      await aTag(server, company.id),
      await aTag(server, company.id),
    ];
    await db()
      .insert(contactTags)
      .values([
        { contactId: alias.id, tagId: vip.id },
        { contactId: kept.id, tagId: lead.id },
        { contactId: alias.id, tagId: lead.id },
      ]);
    await db()
      .insert(contactCustomFields)
      .values([
        { contactId: alias.id, name: 'CPF', value: '111' },
        { contactId: alias.id, name: 'Cidade', value: 'Santos' },
        { contactId: kept.id, name: 'CPF', value: '222' },
      ]);
    const old = new Date('2025-01-01T10:00:00Z');
    const waiting = await aTicket(server, company.id, {
      contactId: alias.id,
      whatsappId: connection.id,
      status: 'pending',
      unreadMessages: 2,
      updatedAt: old,
    });
    await tagTicket(server, waiting.id, urgent.id);
    const closed = await aTicket(server, company.id, {
      contactId: alias.id,
      whatsappId: connection.id,
      status: 'closed',
    });
    const elsewhere = await aTicket(server, company.id, {
      contactId: alias.id,
      whatsappId: other.id,
      status: 'pending',
    });
    const attended = await aTicket(server, company.id, {
      contactId: kept.id,
      whatsappId: connection.id,
      status: 'open',
      unreadMessages: 1,
    });
    const message = (ticketId: number, contactId: number, wid: string) => ({
      companyId: company.id,
      ticketId,
      contactId,
      wid,
      body: wid,
    });
    await db()
      .insert(messages)
      .values([
        message(waiting.id, alias.id, 'a1'),
        message(waiting.id, alias.id, 'a2'),
        message(closed.id, alias.id, 'a3'),
        message(attended.id, kept.id, 'k1'),
      ]);
    await db()
      .insert(ticketNotes)
      .values({ companyId: company.id, ticketId: waiting.id, contactId: alias.id, note: 'VIP' });

    mapping(socket);
    await vi.waitFor(async () => expect(await contactsOf(company.id)).toHaveLength(1));

    const [merged] = await contactsOf(company.id);
    expect(merged).toMatchObject({
      id: kept.id,
      number: PHONE,
      name: 'Maria Silva',
      email: 'maria@x.com',
      walletUserId: company.admin.id,
    });
    const tagIds = await db()
      .select({ tagId: contactTags.tagId })
      .from(contactTags)
      .where(eq(contactTags.contactId, kept.id));
    expect(tagIds.map((t) => t.tagId).sort()).toEqual([vip.id, lead.id].sort());
    const extra = await db()
      .select({ name: contactCustomFields.name, value: contactCustomFields.value })
      .from(contactCustomFields)
      .where(eq(contactCustomFields.contactId, kept.id))
      .orderBy(asc(contactCustomFields.name));
    expect(extra).toEqual([
      { name: 'CPF', value: '222' },
      { name: 'Cidade', value: 'Santos' },
    ]);

    // The two tickets going on on one connection became the one being attended.
    expect(await ticketOf(waiting.id)).toBeUndefined();
    expect(await ticketOf(attended.id)).toMatchObject({
      contactId: kept.id,
      status: 'open',
      unreadMessages: 3,
    });
    expect(await ticketOf(closed.id)).toMatchObject({ contactId: kept.id, status: 'closed' });
    expect(await ticketOf(elsewhere.id)).toMatchObject({ contactId: kept.id, status: 'pending' });
    const stored = await db()
      .select({ wid: messages.wid, ticketId: messages.ticketId, contactId: messages.contactId })
      .from(messages)
      .where(eq(messages.companyId, company.id))
      .orderBy(asc(messages.wid));
    expect(stored).toEqual([
      { wid: 'a1', ticketId: attended.id, contactId: kept.id },
      { wid: 'a2', ticketId: attended.id, contactId: kept.id },
      { wid: 'a3', ticketId: closed.id, contactId: kept.id },
      { wid: 'k1', ticketId: attended.id, contactId: kept.id },
    ]);
    expect(
      await db()
        .select({ tagId: ticketTags.tagId })
        .from(ticketTags)
        .where(eq(ticketTags.ticketId, attended.id)),
    ).toEqual([{ tagId: urgent.id }]);
    expect(await db().select().from(ticketNotes).where(eq(ticketNotes.companyId, company.id))).toEqual([
      expect.objectContaining({ ticketId: attended.id, contactId: kept.id, note: 'VIP' }),
    ]);

    await vi.waitFor(() => {
      expect(contactEvents).toContainEqual({ action: 'delete', contactId: alias.id });
      expect(contactEvents).toContainEqual({
        action: 'update',
        contact: expect.objectContaining({ id: kept.id }),
      });
      expect(ticketEvents).toContainEqual({ action: 'delete', ticketId: waiting.id });
      const updated = ticketEvents.flatMap((e) => (e.action === 'update' ? [e.ticket.id] : []));
      expect(updated).toEqual(expect.arrayContaining([attended.id, elsewhere.id]));
    });
  });

  it('keeps the newer of two waiting tickets when the lid’s is the one going on', async () => {
    const { company, connection, socket } = await setUp();
    const alias = await aContact(server, company.id, { number: LID });
    const kept = await aContact(server, company.id, { number: PHONE });
    const older = await aTicket(server, company.id, {
      contactId: kept.id,
      whatsappId: connection.id,
      updatedAt: new Date('2025-01-01T10:00:00Z'),
    });
    const newer = await aTicket(server, company.id, { contactId: alias.id, whatsappId: connection.id });
    mapping(socket);
    await vi.waitFor(async () => expect(await ticketOf(older.id)).toBeUndefined());
    expect(await ticketOf(newer.id)).toMatchObject({ contactId: kept.id, status: 'pending' });
  });

  it('merges before storing a message that carries both ids, which lands on the phone-number contact’s ticket', async () => {
    const { company, connection, socket } = await setUp();
    socket.receive([fromLid('Primeira mensagem')]);
    await vi.waitFor(async () => expect(await contactsOf(company.id)).toHaveLength(1));
    const kept = await aContact(server, company.id, { number: PHONE, name: 'Maria' });
    const attended = await aTicket(server, company.id, {
      contactId: kept.id,
      whatsappId: connection.id,
      status: 'open',
    });

    socket.receive([fromLid('Segunda mensagem', PHONE_JID)]);
    await vi.waitFor(async () =>
      expect(
        await db()
          .select({ body: messages.body, ticketId: messages.ticketId })
          .from(messages)
          .where(eq(messages.companyId, company.id))
          .orderBy(asc(messages.id)),
      ).toEqual([
        { body: 'Primeira mensagem', ticketId: attended.id },
        { body: 'Segunda mensagem', ticketId: attended.id },
      ]),
    );
    expect((await contactsOf(company.id)).map((c) => c.id)).toEqual([kept.id]);
  });

  it('stays as it is in another company', async () => {
    const { company, socket } = await setUp();
    const other = await aCompany(server);
    const theirs = await aContact(server, other.id, { number: LID, name: 'Deles' });
    await aContact(server, company.id, { number: LID });
    mapping(socket);
    await vi.waitFor(async () => expect((await contactsOf(company.id))[0]!.number).toBe(PHONE));
    expect(await contactsOf(other.id)).toEqual([expect.objectContaining({ id: theirs.id, number: LID })]);
  });

  it('changes nothing when told again, nor for a lid no contact has', async () => {
    const { company, contactEvents, drained } = await setUp();
    const alias = await aContact(server, company.id, { number: LID });
    await mergeIdentities(server.deps, company.id, LID, PHONE);
    await mergeIdentities(server.deps, company.id, LID, PHONE);
    await mergeIdentities(server.deps, company.id, '999999999999@lid', PHONE);
    expect(await contactsOf(company.id)).toEqual([expect.objectContaining({ id: alias.id, number: PHONE })]);
    await drained();
    expect(contactEvents.filter((e) => e.action === 'update')).toHaveLength(1);
  });
});

describe('the merge', () => {
  it('handles every table that refers to a contact or a ticket', async () => {
    const result = await db().execute<{ source: string; target: string }>(sql`
      select src.relname || '.' || a.attname as source, dst.relname as target
      from pg_constraint c
      join pg_class src on src.oid = c.conrelid
      join pg_class dst on dst.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and dst.relname in ('contacts', 'tickets')`);
    const referring = (target: string) =>
      result.rows
        .filter((r) => r.target === target)
        .map((r) => r.source)
        .sort();
    expect(referring('contacts')).toEqual([...MERGED_CONTACT_REFERENCES].sort());
    expect(referring('tickets')).toEqual([...FOLDED_TICKET_REFERENCES, ...ENDED_WITH_TICKET].sort());
  });
});

// A merge never runs beside the pipeline's creation of either contact: both take the conversation locks.
describe('concurrent arrivals', () => {
  it('leaves one contact when the mapping and messages of both ids arrive at once', async () => {
    const { company, socket } = await setUp();
    socket.receive([fromLid('a')]);
    await vi.waitFor(async () => expect(await contactsOf(company.id)).toHaveLength(1));
    socket.receive([
      { ...fromLid('b'), key: { remoteJid: PHONE_JID, fromMe: false, id: `3AMERGE${++sequence}` } },
    ]);
    mapping(socket);
    socket.receive([fromLid('c', PHONE_JID)]);
    await vi.waitFor(async () => {
      const bodies = await db()
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.companyId, company.id)));
      expect(bodies).toHaveLength(3);
    });
    await vi.waitFor(async () =>
      expect(await contactsOf(company.id)).toEqual([expect.objectContaining({ number: PHONE })]),
    );
    const going = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, company.id), eq(tickets.status, 'pending')));
    expect(going).toHaveLength(1);
  });
});

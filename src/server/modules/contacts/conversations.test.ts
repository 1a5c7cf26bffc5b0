import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Contact } from '../../../shared/api/contacts';
import type { ContactEvent, TicketEvent } from '../../../shared/realtime';
import { contacts, messages, ticketNotes, tickets } from '../../db/schema';
import { aConnection, aTicket, collect, drain, testChannel } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';

// The contacts of real conversations (test channel): deleting them with their tickets, importing chats.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

describe('deleting a contact with conversations', () => {
  it('deletes its tickets, messages and notes with it and tells every list', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const channel = testChannel(server, connection.id);
    await channel.inbound({ from: '5511912345678', body: 'Olá' });
    const [contact] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.companyId, company.id));
    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.contactId, contact!.id));
    await server.database.db.insert(ticketNotes).values({
      companyId: company.id,
      note: 'Cliente antigo',
      ticketId: ticket!.id,
      contactId: contact!.id,
    });
    const kept = await aTicket(server, company.id);
    const socket = await server.socket(company.admin.token);
    const ticketEvents = collect<TicketEvent>(socket, `company-${company.id}-ticket`);
    const contactEvents = collect<ContactEvent>(socket, `company-${company.id}-contact`);

    const res = await server.call(
      api.contacts.remove,
      { params: { id: contact!.id } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true, deletedTickets: 1 } });
    const { db } = server.database;
    expect(await db.select().from(tickets).where(eq(tickets.contactId, contact!.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.ticketId, ticket!.id))).toEqual([]);
    expect(await db.select().from(ticketNotes).where(eq(ticketNotes.contactId, contact!.id))).toEqual([]);
    expect(await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, kept.id))).toHaveLength(1);
    await drain(server, socket, company.id);
    expect(ticketEvents).toEqual([{ action: 'delete', ticketId: ticket!.id }]);
    expect(contactEvents).toEqual([{ action: 'delete', contactId: contact!.id }]);
  });
});

describe('importing the chats of the connected channels', () => {
  it('brings back the people the channel has chats with, leaving existing contacts as they are', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const channel = testChannel(server, connection.id);
    await channel.inbound({ from: '5511911110000', body: 'oi', name: 'Paula' });
    await channel.inbound({ from: '5511922220000', body: 'oi', name: 'Renato' });
    const [paula] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.number, '5511911110000'));
    await server.call(api.contacts.remove, { params: { id: paula!.id } }, as(company.admin.token));
    const user = await aUser(server, company.id);

    const first = await server.call(api.contacts.importChats, {}, as(user.token));
    expect(first).toMatchObject({ status: 200, body: { created: 1, existing: 1 } });
    const listed = await server.call(api.contacts.list, { query: {} }, as(user.token));
    expect((listed.body as { contacts: Contact[] }).contacts.map((c) => c.name)).toEqual(['Paula', 'Renato']);
    const second = await server.call(api.contacts.importChats, {}, as(user.token));
    expect(second.body).toEqual({ created: 0, existing: 2 });
    // Another company's channels are not this company's chats.
    const other = await aCompany(server);
    expect((await server.call(api.contacts.importChats, {}, as(other.admin.token))).body).toEqual({
      created: 0,
      existing: 0,
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Note } from '../../../shared/api/notes';
import { ticketNotes } from '../../db/schema';
import { aContact, aTicket } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

const addNote = (token: string, body: Record<string, unknown>) =>
  server.call(api.notes.create, { body: body as never }, as(token));
const listNotes = (token: string, query: Record<string, unknown>) =>
  server.call(api.notes.list, { query: query as never }, as(token));
const deleteNote = (token: string, id: number) =>
  server.call(api.notes.remove, { params: { id } }, as(token));

async function storedNote(id: number) {
  const [row] = await server.database.db.select().from(ticketNotes).where(eq(ticketNotes.id, id));
  return row;
}

describe('notes of a ticket', () => {
  it('lets a user add notes to a ticket they see and lists them newest first with their author', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id, { name: 'Ana Atendente' });
    const ticket = await aTicket(server, company.id, { status: 'open', userId: user.id });

    const first = await addNote(user.token, {
      note: '  Cliente prefere contato à tarde  ',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(Number),
      note: 'Cliente prefere contato à tarde',
      ticketId: ticket.id,
      contactId: ticket.contactId,
      user: { id: user.id, name: 'Ana Atendente' },
      createdAt: expect.any(String),
    });
    // Without contactId the ticket's contact is used.
    const second = await addNote(user.token, { note: 'Enviar proposta', ticketId: ticket.id });
    expect((second.body as Note).contactId).toBe(ticket.contactId);
    // Another ticket's notes stay there.
    const otherTicket = await aTicket(server, company.id, {
      status: 'open',
      userId: user.id,
      contactId: ticket.contactId,
    });
    await addNote(user.token, { note: 'Outro atendimento', ticketId: otherTicket.id });

    const listed = await listNotes(user.token, { ticketId: ticket.id, contactId: ticket.contactId });
    expect(listed.status).toBe(200);
    expect((listed.body as Note[]).map((n) => n.note)).toEqual([
      'Enviar proposta',
      'Cliente prefere contato à tarde',
    ]);
    expect((await listNotes(company.admin.token, { ticketId: ticket.id })).body).toEqual(listed.body);
  });

  it('answers Required and Too Short! under 2 characters', async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id);
    const token = company.admin.token;
    expect(await addNote(token, { ticketId: ticket.id })).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
    expect(await addNote(token, { note: '   ', ticketId: ticket.id })).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
    expect(await addNote(token, { note: 'a', ticketId: ticket.id })).toMatchObject({
      status: 400,
      body: { error: 'Too Short!' },
    });
    expect((await addNote(token, { note: 'ok', ticketId: ticket.id })).status).toBe(200);
    expect((await addNote(token, { note: 'sem ticket' })).status).toBe(400);
  });

  it("refuses a contact that is not the ticket's", async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id);
    const stranger = await aContact(server, company.id);
    const token = company.admin.token;
    expect(await addNote(token, { note: 'Nota', ticketId: ticket.id, contactId: stranger.id })).toMatchObject(
      {
        status: 404,
        body: { error: 'ERR_NO_CONTACT_FOUND' },
      },
    );
    expect(await listNotes(token, { ticketId: ticket.id, contactId: stranger.id })).toMatchObject({
      status: 404,
    });
  });

  it('refuses tickets the user may not see', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const user = await aUser(server, company.id);
    const colleague = await aUser(server, company.id);
    const ticket = await aTicket(server, company.id, {
      status: 'open',
      userId: colleague.id,
      queueId: queue.id,
    });
    await addNote(colleague.token, { note: 'Nota interna', ticketId: ticket.id });
    expect(await addNote(user.token, { note: 'Nota', ticketId: ticket.id })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await listNotes(user.token, { ticketId: ticket.id })).toMatchObject({ status: 403 });
  });
});

describe('deleting notes', () => {
  it('lets the author delete their own note and an admin any note, but not another user', async () => {
    const company = await aCompany(server);
    const author = await aUser(server, company.id);
    const other = await aUser(server, company.id, { allUserChat: 'enabled' });
    const ticket = await aTicket(server, company.id, { status: 'open', userId: author.id });
    const mine = (await addNote(author.token, { note: 'Minha nota', ticketId: ticket.id })).body as Note;
    const second = (await addNote(author.token, { note: 'Outra nota', ticketId: ticket.id })).body as Note;

    expect(await deleteNote(other.token, mine.id)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await storedNote(mine.id)).toBeDefined();
    expect(await deleteNote(author.token, mine.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await storedNote(mine.id)).toBeUndefined();
    expect(await deleteNote(company.admin.token, second.id)).toMatchObject({ status: 200 });
    expect(await deleteNote(company.admin.token, second.id)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
  });
});

describe('tenant isolation', () => {
  it("never reads, writes or deletes another company's notes", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const ticketOfA = await aTicket(server, a.id);
    const noteOfA = (await addNote(a.admin.token, { note: 'Segredo de A', ticketId: ticketOfA.id }))
      .body as Note;
    const ticketOfB = await aTicket(server, b.id);

    expect(await listNotes(b.admin.token, { ticketId: ticketOfA.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect(await addNote(b.admin.token, { note: 'Intrusa', ticketId: ticketOfA.id })).toMatchObject({
      status: 404,
    });
    // A's contact on B's ticket is refused rather than linked across companies.
    expect(
      await addNote(b.admin.token, {
        note: 'Intrusa',
        ticketId: ticketOfB.id,
        contactId: ticketOfA.contactId,
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await deleteNote(b.admin.token, noteOfA.id)).toMatchObject({ status: 404 });
    expect(await storedNote(noteOfA.id)).toBeDefined();
  });
});

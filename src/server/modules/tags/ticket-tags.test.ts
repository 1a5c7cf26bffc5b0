import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import { events, type TicketEvent } from '../../../shared/realtime';
import { ticketTags } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aContact, aTag, aTicket, collect, drain, tagTicket } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

const add = (token: string, ticketId: number, tagId: number) =>
  server.call(api.ticketTags.add, { params: { ticketId, tagId } }, as(token));
const removeOne = (token: string, ticketId: number, tagId: number) =>
  server.call(api.ticketTags.remove, { params: { ticketId, tagId } }, as(token));
const clear = (token: string, ticketId: number) =>
  server.call(api.ticketTags.clear, { params: { ticketId } }, as(token));

const tagIdsOf = async (ticketId: number) =>
  (await server.database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId)))
    .map((r) => r.tagId)
    .sort((a, b) => a - b);

describe('PUT /ticket-tags/:ticketId/:tagId', () => {
  it("tags a user's own ticket, answers it with its tags and updates everyone's lists", async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const ticket = await aTicket(server, company.id, { status: 'open', userId: user.id });
    const vip = await aTag(server, company.id, 'VIP');
    const lead = await aTag(server, company.id, 'Lead');
    const socket = await server.socket(company.admin.token);
    const received = collect<TicketEvent>(socket, events.ticket(company.id));

    const first = await add(user.token, ticket.id, vip.id);
    expect(first.status).toBe(200);
    expect((first.body as Ticket).tags).toEqual([{ id: vip.id, name: 'VIP', color: vip.color }]);
    const second = await add(user.token, ticket.id, lead.id);
    expect((second.body as Ticket).tags.map((t) => t.name)).toEqual(['Lead', 'VIP']);
    // Twice is once.
    expect((await add(user.token, ticket.id, lead.id)).status).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([vip.id, lead.id].sort((a, b) => a - b));

    await drain(server, socket, company.id);
    const updates = received.filter(
      (e): e is Extract<TicketEvent, { action: 'update' }> => e.action === 'update',
    );
    expect(updates.map((e) => e.ticket.tags.map((t) => t.name))).toEqual([
      ['VIP'],
      ['Lead', 'VIP'],
      ['Lead', 'VIP'],
    ]);
  });

  it('refuses a ticket the user may not see', async () => {
    const company = await aCompany(server);
    const mine = await aQueue(server, company.id);
    const other = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [mine.id] });
    const colleague = await aUser(server, company.id);
    const tag = await aTag(server, company.id);
    const waitingElsewhere = await aTicket(server, company.id, { queueId: other.id });
    const ofColleague = await aTicket(server, company.id, {
      status: 'open',
      userId: colleague.id,
      queueId: mine.id,
    });
    for (const ticket of [waitingElsewhere, ofColleague]) {
      expect(await add(user.token, ticket.id, tag.id)).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect(await clear(user.token, ticket.id)).toMatchObject({ status: 403 });
      expect(await removeOne(user.token, ticket.id, tag.id)).toMatchObject({ status: 403 });
    }
    // A waiting ticket of the user's own queue is theirs to tag.
    const waitingMine = await aTicket(server, company.id, { queueId: mine.id });
    expect((await add(user.token, waitingMine.id, tag.id)).status).toBe(200);
  });

  it("never reads or writes another company's tickets or tags", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const ticketOfA = await aTicket(server, a.id);
    const tagOfA = await aTag(server, a.id);
    await tagTicket(server, ticketOfA.id, tagOfA.id);
    const ticketOfB = await aTicket(server, b.id);
    const tagOfB = await aTag(server, b.id);

    expect(await add(b.admin.token, ticketOfA.id, tagOfB.id)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect(await add(b.admin.token, ticketOfB.id, tagOfA.id)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    expect(await clear(b.admin.token, ticketOfA.id)).toMatchObject({ status: 404 });
    expect(await removeOne(b.admin.token, ticketOfA.id, tagOfA.id)).toMatchObject({ status: 404 });
    expect(await tagIdsOf(ticketOfA.id)).toEqual([tagOfA.id]);
    expect(await tagIdsOf(ticketOfB.id)).toEqual([]);
  });

  it('answers with the number masked for a plain user when lgpdHideNumber is on', async () => {
    const company = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const user = await aUser(server, company.id);
    const contact = await aContact(server, company.id, { number: '5511988887777' });
    const ticket = await aTicket(server, company.id, {
      status: 'open',
      userId: user.id,
      contactId: contact.id,
    });
    const tag = await aTag(server, company.id);
    const res = await add(user.token, ticket.id, tag.id);
    expect((res.body as Ticket).contact.number).toBe('***********77');
  });
});

describe('taking tags off a ticket', () => {
  it('DELETE /ticket-tags/:ticketId takes every tag off; with a tag id only that one', async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id);
    const [one, two, three] = [
      await aTag(server, company.id),
      await aTag(server, company.id),
      await aTag(server, company.id),
    ];
    for (const tag of [one!, two!, three!]) await tagTicket(server, ticket.id, tag.id);
    const socket = await server.socket(company.admin.token);
    const received = collect<TicketEvent>(socket, events.ticket(company.id));

    const removed = await removeOne(company.admin.token, ticket.id, two!.id);
    expect(removed.status).toBe(200);
    expect((removed.body as Ticket).tags.map((t) => t.id).sort()).toEqual([one!.id, three!.id].sort());
    const cleared = await clear(company.admin.token, ticket.id);
    expect(cleared.status).toBe(200);
    expect((cleared.body as Ticket).tags).toEqual([]);
    expect(await tagIdsOf(ticket.id)).toEqual([]);
    // Nothing to take off changes nothing and still answers the ticket.
    expect((await clear(company.admin.token, ticket.id)).status).toBe(200);

    await drain(server, socket, company.id);
    expect(received.map((e) => e.action === 'update' && e.ticket.tags.length)).toEqual([2, 0, 0]);
  });
});

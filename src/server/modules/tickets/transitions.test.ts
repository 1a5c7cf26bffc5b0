import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Message } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import type { CompanySettingKey } from '../../../shared/settings';
import { messages, ticketLogs, tickets, ticketTracking } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnection, aContact, aTag, aTicket, tagTicket, testChannel } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

async function update(id: number, body: Record<string, unknown>, token: string) {
  return server.call(api.tickets.update, { params: { id }, body: body as never }, as(token));
}

async function setting(companyId: number, values: Partial<Record<CompanySettingKey, string>>) {
  for (const [key, value] of Object.entries(values)) {
    await writeCompanySetting(tenantDb(server.database.db, companyId), key as CompanySettingKey, value);
  }
}

const logsOf = async (ticketId: number) =>
  (
    await server.database.db
      .select()
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, ticketId))
      .orderBy(asc(ticketLogs.id))
  ).map((l) => ({ type: l.type, userId: l.userId, queueId: l.queueId }));

const trackingOf = async (ticketId: number) =>
  server.database.db
    .select()
    .from(ticketTracking)
    .where(eq(ticketTracking.ticketId, ticketId))
    .orderBy(asc(ticketTracking.id));

const messagesOf = async (ticketId: number) =>
  server.database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));

/** A company whose contact wrote in over the test channel: a waiting ticket with one unread message. */
async function conversation(connectionFields: Parameters<typeof aConnection>[2] = {}) {
  const company = await aCompany(server);
  const queue = await aQueue(server, company.id, 'Suporte');
  const connection = await aConnection(server, company.id, { name: 'Loja', ...connectionFields });
  const contact = await aContact(server, company.id, { name: 'Ana Souza' });
  const channel = testChannel(server, connection.id);
  const { body } = await channel.inbound({ from: contact.number, body: 'Olá' });
  const ticketId = body.ticketId as number;
  await server.database.db.update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticketId));
  return { company, queue, connection, contact, channel, ticketId };
}

describe('accepting', () => {
  it('opens a waiting ticket for the caller, reads its messages and starts the attendance', async () => {
    const { company, ticketId, queue } = await conversation();
    const res = await update(ticketId, { status: 'open', userId: company.admin.id }, company.admin.token);
    expect(res).toMatchObject({
      status: 200,
      body: {
        id: ticketId,
        status: 'open',
        userId: company.admin.id,
        user: { name: 'Company Admin' },
        unreadMessages: 0,
        isBot: false,
      },
    });
    expect((await messagesOf(ticketId)).every((m) => m.read)).toBe(true);
    expect(await logsOf(ticketId)).toEqual([
      { type: 'create', userId: null, queueId: null },
      { type: 'open', userId: company.admin.id, queueId: queue.id },
    ]);
    const [tracking] = await trackingOf(ticketId);
    expect(tracking!.startedAt!.getTime()).toBeGreaterThanOrEqual(tracking!.queuedAt!.getTime());
  });

  it('sets the chosen queue when a ticket without queue is accepted, and logs it', async () => {
    const { company, ticketId } = await conversation();
    await server.database.db.update(tickets).set({ queueId: null }).where(eq(tickets.id, ticketId));
    const queue = await aQueue(server, company.id);
    const res = await update(
      ticketId,
      { status: 'open', userId: company.admin.id, queueId: queue.id },
      company.admin.token,
    );
    expect(res.body).toMatchObject({ status: 'open', queueId: queue.id });
    expect((await logsOf(ticketId)).map((l) => l.type)).toEqual(['create', 'queue', 'open']);
  });

  it('sends greetingAcceptedMessage, with its variables, when sendGreetingAccepted is enabled', async () => {
    const { company, ticketId, channel, contact } = await conversation();
    await setting(company.id, {
      sendGreetingAccepted: 'enabled',
      greetingAcceptedMessage: 'Olá {{firstName}}, sou {{userName}} do {{queue}}.',
    });
    await update(ticketId, { status: 'open', userId: company.admin.id }, company.admin.token);
    expect(await channel.sent()).toMatchObject([
      { kind: 'text', to: contact.number, body: 'Olá Ana, sou Company Admin do Suporte.' },
    ]);
    const stored = await messagesOf(ticketId);
    expect(stored.at(-1)).toMatchObject({ fromMe: true, body: 'Olá Ana, sou Company Admin do Suporte.' });
    expect(stored.at(-1)!.wid).toBe((await channel.sent())[0]!.id);
  });

  it('sends no greeting on accept when sendGreetingAccepted is disabled', async () => {
    const { company, ticketId, channel } = await conversation();
    await setting(company.id, { greetingAcceptedMessage: 'Olá' });
    await update(ticketId, { status: 'open', userId: company.admin.id }, company.admin.token);
    expect(await channel.sent()).toEqual([]);
  });

  it('gives a group ticket status group, greeting it only when the connection treats groups as tickets', async () => {
    for (const groupAsTicket of ['disabled', 'enabled'] as const) {
      const company = await aCompany(server);
      await setting(company.id, { sendGreetingAccepted: 'enabled', greetingAcceptedMessage: 'Bem-vindos' });
      const connection = await aConnection(server, company.id, { allowGroup: true, groupAsTicket });
      const channel = testChannel(server, connection.id);
      const { body } = await channel.inbound({
        from: '5511900000001',
        group: { id: '120363111@g.us', name: 'Equipe' },
        body: 'oi',
      });
      const ticketId = body.ticketId as number;
      await server.database.db.update(tickets).set({ status: 'pending' }).where(eq(tickets.id, ticketId));
      const res = await update(ticketId, { status: 'open', userId: company.admin.id }, company.admin.token);
      expect(res.body).toMatchObject({ status: 'group', isGroup: true });
      expect((await channel.sent()).length).toBe(groupAsTicket === 'enabled' ? 1 : 0);
    }
  });

  it('answers the ticket as served by the first of two users accepting it at once', async () => {
    const { company, ticketId, queue } = await conversation();
    const [ana, bia] = [
      await aUser(server, company.id, { queueIds: [queue.id] }),
      await aUser(server, company.id, { queueIds: [queue.id] }),
    ];
    const [first, second] = await Promise.all([
      update(ticketId, { status: 'open', userId: ana.id }, ana.token),
      update(ticketId, { status: 'open', userId: bia.id }, bia.token),
    ]);
    const winners = [first, second].filter((r) => r.status === 200).map((r) => (r.body as Ticket).userId);
    // The loser either still saw it and got it back owned by the winner, or no longer may see it.
    const owner = (await server.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!
      .userId;
    expect(winners.every((w) => w === owner)).toBe(true);
    expect((await logsOf(ticketId)).filter((l) => l.type === 'open')).toHaveLength(1);
  });
});

describe('returning to the queue', () => {
  it('makes an open ticket wait again with no user and the bot count reset', async () => {
    const { company, ticketId, queue } = await conversation();
    await update(ticketId, { status: 'open', userId: company.admin.id }, company.admin.token);
    await server.database.db.update(tickets).set({ amountUsedBotQueues: 3 }).where(eq(tickets.id, ticketId));
    const res = await update(
      ticketId,
      { status: 'pending', userId: null, amountUsedBotQueues: 0 },
      company.admin.token,
    );
    expect(res.body).toMatchObject({ status: 'pending', userId: null, user: null, amountUsedBotQueues: 0 });
    expect((await logsOf(ticketId)).at(-1)).toEqual({
      type: 'pending',
      userId: company.admin.id,
      queueId: queue.id,
    });
  });
});

describe('resolving', () => {
  async function opened(fields: Parameters<typeof aConnection>[2] = {}) {
    const c = await conversation(fields);
    await server.database.db
      .update(tickets)
      .set({ status: 'open', userId: c.company.admin.id })
      .where(eq(tickets.id, c.ticketId));
    return c;
  }

  it('closes with the user’s farewell, then the connection’s completion message', async () => {
    const c = await opened({ complationMessage: 'Atendimento {{ticket_id}} encerrado.' });
    await server.database.db.execute(
      `update users set farewell_message = 'Tchau {{name}}!' where id = ${c.company.admin.id}`,
    );
    const res = await update(
      c.ticketId,
      { status: 'closed', sendFarewellMessage: true },
      c.company.admin.token,
    );
    expect(res.body).toMatchObject({ status: 'closed', userId: c.company.admin.id });
    expect((await c.channel.sent()).map((s) => s.body)).toEqual([
      'Tchau Ana Souza!',
      `Atendimento ${c.ticketId} encerrado.`,
    ]);
    expect((await logsOf(c.ticketId)).at(-1)?.type).toBe('closed');
    expect((await trackingOf(c.ticketId))[0]!.closedAt).toBeInstanceOf(Date);
  });

  it('sends no farewell when sendFarewellMessage is false', async () => {
    const c = await opened({ complationMessage: 'Encerrado' });
    await update(c.ticketId, { status: 'closed', sendFarewellMessage: false }, c.company.admin.token);
    expect(await c.channel.sent()).toEqual([]);
  });

  it('asks for a rating and waits in nps when userRating is on', async () => {
    const c = await opened({ ratingMessage: 'Avalie de 0 a 10', complationMessage: 'Encerrado' });
    await setting(c.company.id, { userRating: 'enabled' });
    const res = await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    expect(res.body).toMatchObject({ status: 'nps' });
    expect((await c.channel.sent()).map((s) => s.body)).toEqual(['Avalie de 0 a 10']);
    expect((await logsOf(c.ticketId)).at(-1)?.type).toBe('nps');
    expect((await trackingOf(c.ticketId))[0]!.ratingAt).toBeInstanceOf(Date);
    // Closing it again does not ask twice.
    const again = await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    expect(again.body).toMatchObject({ status: 'closed' });
    expect((await c.channel.sent()).map((s) => s.body)).toEqual(['Avalie de 0 a 10', 'Encerrado']);
  });

  it('fills the rating message’s variables, the attendant and the company’s clock among them', async () => {
    const c = await opened({ ratingMessage: '{{firstName}}, avalie {{userName}} ({{date}})' });
    await setting(c.company.id, { userRating: 'enabled' });
    await server.database.db.execute(
      `update companies set timezone = 'Pacific/Kiritimati' where id = ${c.company.id}`,
    );
    await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Pacific/Kiritimati' })
      .format(new Date())
      .replaceAll('/', '-');
    expect((await c.channel.sent()).map((s) => s.body)).toEqual([`Ana, avalie Company Admin (${today})`]);
  });

  it('never asks a group or an already rated attendance for a rating', async () => {
    const c = await opened({ ratingMessage: 'Avalie' });
    await setting(c.company.id, { userRating: 'enabled' });
    await server.database.db
      .update(ticketTracking)
      .set({ rated: true })
      .where(eq(ticketTracking.ticketId, c.ticketId));
    expect((await update(c.ticketId, { status: 'closed' }, c.company.admin.token)).body).toMatchObject({
      status: 'closed',
    });
    const g = await opened({ ratingMessage: 'Avalie' });
    await setting(g.company.id, { userRating: 'enabled' });
    await server.database.db
      .update(tickets)
      .set({ isGroup: true, status: 'group' })
      .where(eq(tickets.id, g.ticketId));
    expect((await update(g.ticketId, { status: 'closed' }, g.company.admin.token)).body).toMatchObject({
      status: 'closed',
    });
    expect(await g.channel.sent()).toEqual([]);
  });

  it('refuses to close an untagged ticket when requiredTag is enabled', async () => {
    const c = await opened();
    await setting(c.company.id, { requiredTag: 'enabled' });
    expect(await update(c.ticketId, { status: 'closed' }, c.company.admin.token)).toMatchObject({
      status: 400,
      body: { error: 'ERR_TICKET_REQUIRES_TAG' },
    });
    expect(
      (await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticketId)))[0]!.status,
    ).toBe('open');
    await tagTicket(server, c.ticketId, (await aTag(server, c.company.id)).id);
    expect((await update(c.ticketId, { status: 'closed' }, c.company.admin.token)).body).toMatchObject({
      status: 'closed',
    });
  });
});

describe('ignoring a waiting ticket', () => {
  it('closes it without farewell for an admin, resetting the bot count', async () => {
    const c = await conversation({ complationMessage: 'Encerrado' });
    await server.database.db
      .update(tickets)
      .set({ amountUsedBotQueues: 2 })
      .where(eq(tickets.id, c.ticketId));
    const res = await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    expect(res.body).toMatchObject({ status: 'closed', amountUsedBotQueues: 0 });
    expect(await c.channel.sent()).toEqual([]);
  });

  it('sends the farewell when sendFarewellWaitingTicket is enabled, unless the caller asks for none', async () => {
    const c = await conversation({ complationMessage: 'Encerramos seu atendimento, {{firstName}}.' });
    await setting(c.company.id, { sendFarewellWaitingTicket: 'enabled' });
    const res = await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    expect(res.body).toMatchObject({ status: 'closed' });
    expect((await c.channel.sent()).map((s) => s.body)).toEqual(['Encerramos seu atendimento, Ana.']);
    const quiet = await conversation({ complationMessage: 'Encerrado' });
    await setting(quiet.company.id, { sendFarewellWaitingTicket: 'enabled' });
    await update(quiet.ticketId, { status: 'closed', sendFarewellMessage: false }, quiet.company.admin.token);
    expect(await quiet.channel.sent()).toEqual([]);
  });

  it('is allowed to users with userClosePendingTicket or showDashboard enabled, and refused otherwise', async () => {
    for (const [flags, status] of [
      [{ userClosePendingTicket: 'enabled' }, 200],
      [{ userClosePendingTicket: 'disabled', showDashboard: 'enabled' }, 200],
      [{ userClosePendingTicket: 'disabled' }, 403],
    ] as const) {
      const c = await conversation();
      const user = await aUser(server, c.company.id, { queueIds: [c.queue.id], ...flags });
      expect((await update(c.ticketId, { status: 'closed' }, user.token)).status).toBe(status);
    }
  });

  it('is undone within the undo window: the ticket waits again in its queue, unassigned', async () => {
    const c = await conversation();
    await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    const res = await update(c.ticketId, { status: 'pending' }, c.company.admin.token);
    expect(res.body).toMatchObject({ id: c.ticketId, status: 'pending', userId: null, queueId: c.queue.id });
    expect((await logsOf(c.ticketId)).at(-1)?.type).toBe('pending');
    expect((await trackingOf(c.ticketId)).at(-1)).toMatchObject({ closedAt: null, queueId: c.queue.id });
  });

  it('cannot be undone once the undo window has passed', async () => {
    const c = await conversation();
    await update(c.ticketId, { status: 'closed' }, c.company.admin.token);
    const long = new Date(Date.now() - 10 * 60_000);
    await server.database.db.update(tickets).set({ updatedAt: long }).where(eq(tickets.id, c.ticketId));
    expect((await update(c.ticketId, { status: 'pending' }, c.company.admin.token)).status).toBe(403);
  });

  it('also needs a tag when requiredTag is enabled', async () => {
    const c = await conversation();
    await setting(c.company.id, { requiredTag: 'enabled' });
    expect((await update(c.ticketId, { status: 'closed' }, c.company.admin.token)).body).toEqual({
      error: 'ERR_TICKET_REQUIRES_TAG',
    });
  });
});

describe('reopening', () => {
  it('opens a closed ticket again for the caller and starts a new attendance', async () => {
    const c = await conversation();
    await server.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, c.ticketId));
    const user = await aUser(server, c.company.id, { queueIds: [c.queue.id], allHistoric: 'enabled' });
    const res = await update(c.ticketId, { status: 'open', userId: user.id }, user.token);
    expect(res.body).toMatchObject({ id: c.ticketId, status: 'open', userId: user.id });
    expect((await logsOf(c.ticketId)).at(-1)).toEqual({
      type: 'reopen',
      userId: user.id,
      queueId: c.queue.id,
    });
    expect(await trackingOf(c.ticketId)).toHaveLength(2);
  });

  it('answers the ticket already going on for that contact and connection, changing nothing', async () => {
    const c = await conversation();
    await server.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, c.ticketId));
    const colleague = await aUser(server, c.company.id, { name: 'Carla' });
    const going = await aTicket(server, c.company.id, {
      contactId: c.contact.id,
      whatsappId: c.connection.id,
      status: 'open',
      userId: colleague.id,
    });
    const res = await update(
      c.ticketId,
      { status: 'open', userId: c.company.admin.id },
      c.company.admin.token,
    );
    expect(res.body).toMatchObject({ id: going.id, userId: colleague.id, user: { name: 'Carla' } });
    expect(
      (await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticketId)))[0]!.status,
    ).toBe('closed');
  });

  it('does not bring a closed ticket back through a transfer while another one is going on', async () => {
    const c = await conversation();
    await server.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, c.ticketId));
    const going = await aTicket(server, c.company.id, {
      contactId: c.contact.id,
      whatsappId: c.connection.id,
      status: 'pending',
    });
    const res = await update(c.ticketId, { queueId: c.queue.id, isTransfered: true }, c.company.admin.token);
    expect(res.body).toMatchObject({ id: going.id, status: 'pending' });
    expect(
      (await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticketId)))[0]!.status,
    ).toBe('closed');
  });
});

describe('transferring', () => {
  async function openedBy(c: Awaited<ReturnType<typeof conversation>>) {
    await server.database.db
      .update(tickets)
      .set({ status: 'open', userId: c.company.admin.id })
      .where(eq(tickets.id, c.ticketId));
  }

  it('hands the ticket to a queue and a user (open) or only a queue (pending), logging both sides', async () => {
    const c = await conversation();
    await openedBy(c);
    const sales = await aQueue(server, c.company.id, 'Vendas');
    const bia = await aUser(server, c.company.id, { queueIds: [sales.id] });
    const toUser = await update(
      c.ticketId,
      { queueId: sales.id, userId: bia.id, status: 'open', isTransfered: true },
      c.company.admin.token,
    );
    expect(toUser.body).toMatchObject({ status: 'open', userId: bia.id, queueId: sales.id });
    expect((await logsOf(c.ticketId)).slice(-2)).toEqual([
      { type: 'transfered', userId: c.company.admin.id, queueId: c.queue.id },
      { type: 'receivedTransfer', userId: bia.id, queueId: sales.id },
    ]);
    const toQueue = await update(
      c.ticketId,
      { queueId: c.queue.id, userId: null, status: 'pending', isTransfered: true },
      bia.token,
    );
    expect(toQueue.body).toMatchObject({ status: 'pending', userId: null, queueId: c.queue.id });
  });

  it('needs a queue', async () => {
    const c = await conversation();
    await openedBy(c);
    expect(
      await update(c.ticketId, { userId: null, isTransfered: true }, c.company.admin.token),
    ).toMatchObject({
      status: 400,
      body: { error: 'Required' },
    });
  });

  it('keeps msgTransfer as a private note and tells the contact with sendMsgTransfTicket', async () => {
    const c = await conversation();
    await openedBy(c);
    await setting(c.company.id, {
      sendMsgTransfTicket: 'enabled',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the setting's own placeholder.
      transferMessage: 'Você foi transferido para ${queue.name}.',
    });
    const sales = await aQueue(server, c.company.id, 'Vendas');
    await update(
      c.ticketId,
      { queueId: sales.id, isTransfered: true, msgTransfer: 'Cliente quer desconto' },
      c.company.admin.token,
    );
    const stored = await messagesOf(c.ticketId);
    expect(stored.find((m) => m.isPrivate)).toMatchObject({
      body: 'Cliente quer desconto',
      userId: c.company.admin.id,
    });
    expect((await c.channel.sent()).map((s) => s.body)).toEqual(['Você foi transferido para Vendas.']);
  });

  it('closes the ticket and continues in a new one with closeTicketOnTransfer', async () => {
    const c = await conversation();
    await openedBy(c);
    await setting(c.company.id, { closeTicketOnTransfer: 'enabled' });
    const sales = await aQueue(server, c.company.id);
    const res = await update(c.ticketId, { queueId: sales.id, isTransfered: true }, c.company.admin.token);
    const fresh = res.body as Ticket;
    expect(fresh).toMatchObject({ status: 'pending', queueId: sales.id, contactId: c.contact.id });
    expect(fresh.id).not.toBe(c.ticketId);
    expect(
      (await server.database.db.select().from(tickets).where(eq(tickets.id, c.ticketId)))[0]!.status,
    ).toBe('closed');
    expect((await logsOf(fresh.id)).map((l) => l.type)).toEqual(['create', 'receivedTransfer']);
  });
});

describe('who may change a ticket', () => {
  it('refuses a ticket the caller may not see, and does not find another company’s', async () => {
    const c = await conversation();
    const outsider = await aUser(server, c.company.id);
    expect((await update(c.ticketId, { status: 'open', userId: outsider.id }, outsider.token)).status).toBe(
      403,
    );
    const other = await aCompany(server);
    expect(await update(c.ticketId, { status: 'closed' }, other.admin.token)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
  });

  it('changes only useIntegration when no transition is asked for, and reads the messages', async () => {
    const c = await conversation();
    const res = await update(c.ticketId, { useIntegration: true }, c.company.admin.token);
    expect(res.body).toMatchObject({ status: 'pending', useIntegration: true, unreadMessages: 0 });
    const listed = await server.call(
      api.messages.list,
      { params: { ticketUuid: (res.body as Ticket).uuid } },
      as(c.company.admin.token),
    );
    expect((listed.body as { messages: Message[] }).messages.every((m) => m.read)).toBe(true);
  });
});

import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Message } from '../../../shared/api/messages';
import { type AppMessageEvent, events as eventNames } from '../../../shared/realtime';
import { buildApp } from '../../app';
import { companies, contacts, messages, ticketLogs, tickets, ticketTracking } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import {
  aConnection,
  aContact,
  aTicket,
  collect,
  drain,
  randomNumber,
  testChannel,
} from '../../test/builders';
import { aCompany, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const db = () => server.database.db;
const ticketRow = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!;
const messagesOf = (ticketId: number) =>
  db().select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));

async function setUp(fields: Parameters<typeof aConnection>[2] = {}) {
  const company = await aCompany(server);
  const connection = await aConnection(server, company.id, fields);
  return { company, connection, channel: testChannel(server, connection.id) };
}

describe('a new conversation', () => {
  it('creates the contact and a waiting bot ticket, stores the message at the channel’s time', async () => {
    const { company, connection, channel } = await setUp();
    const from = randomNumber();
    const res = await channel.inbound({
      from,
      name: 'Ana',
      body: 'Olá',
      id: 'w-1',
      timestamp: 1_800_000_000,
    });
    expect(res).toMatchObject({ status: 200, body: { stored: true } });
    const ticket = await ticketRow(res.body.ticketId as number);
    expect(ticket).toMatchObject({
      companyId: company.id,
      whatsappId: connection.id,
      status: 'pending',
      isBot: true,
      isGroup: false,
      unreadMessages: 1,
      lastMessage: 'Olá',
      userId: null,
    });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(contact).toMatchObject({ number: from, name: 'Ana', companyId: company.id, isGroup: false });
    const [message] = await messagesOf(ticket.id);
    expect(message).toMatchObject({
      wid: 'w-1',
      body: 'Olá',
      fromMe: false,
      read: false,
      contactId: contact!.id,
    });
    expect(message!.createdAt.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    const logs = await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id));
    expect(logs.map((l) => l.type)).toEqual(['create']);
    const [tracking] = await db().select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticket.id));
    expect(tracking?.queuedAt).toBeInstanceOf(Date);
  });

  it('accepts timestamps in milliseconds as well as seconds', async () => {
    const { channel } = await setUp();
    const res = await channel.inbound({ from: randomNumber(), body: 'x', timestamp: 1_800_000_000_123 });
    const [message] = await messagesOf(res.body.ticketId as number);
    expect(message!.createdAt.getTime()).toBe(1_800_000_000_123);
  });
});

describe('a conversation going on', () => {
  it.each(['pending', 'open', 'group', 'nps', 'lgpd'])(
    'continues the contact’s newest %s ticket',
    async (status) => {
      const { company, connection, channel } = await setUp();
      const contact = await aContact(server, company.id);
      const ticket = await aTicket(server, company.id, {
        contactId: contact.id,
        whatsappId: connection.id,
        status,
      });
      const res = await channel.inbound({ from: contact.number, body: 'de novo' });
      expect(res.body.ticketId).toBe(ticket.id);
      expect(await ticketRow(ticket.id)).toMatchObject({ status, unreadMessages: 1, lastMessage: 'de novo' });
    },
  );

  it('counts messages from the phone itself as read, without unread', async () => {
    const { company, connection, channel } = await setUp();
    const contact = await aContact(server, company.id);
    const ticket = await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id });
    await channel.inbound({ from: contact.number, body: 'enviado do celular', fromMe: true });
    expect(await ticketRow(ticket.id)).toMatchObject({
      unreadMessages: 0,
      lastMessage: 'enviado do celular',
    });
    expect((await messagesOf(ticket.id))[0]).toMatchObject({ fromMe: true, read: true });
  });

  it('starts a new ticket after the last one closed, unless within timeCreateNewTicket', async () => {
    const plain = await setUp();
    const contact = await aContact(server, plain.company.id);
    const closed = await aTicket(server, plain.company.id, {
      contactId: contact.id,
      whatsappId: plain.connection.id,
      status: 'closed',
    });
    const res = await plain.channel.inbound({ from: contact.number, body: 'oi' });
    expect(res.body.ticketId).not.toBe(closed.id);
    expect(await ticketRow(res.body.ticketId as number)).toMatchObject({ status: 'pending' });

    const windowed = await setUp({ timeCreateNewTicket: 10 });
    const again = await aContact(server, windowed.company.id);
    const recent = await aTicket(server, windowed.company.id, {
      contactId: again.id,
      whatsappId: windowed.connection.id,
      status: 'closed',
      userId: windowed.company.admin.id,
    });
    const reopened = await windowed.channel.inbound({ from: again.number, body: 'esqueci algo' });
    expect(reopened.body.ticketId).toBe(recent.id);
    expect(await ticketRow(recent.id)).toMatchObject({ status: 'pending', userId: null });
    const logs = await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, recent.id));
    expect(logs.map((l) => l.type)).toEqual(['reopen']);

    await db()
      .update(tickets)
      .set({ status: 'closed', updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(tickets.id, recent.id));
    const later = await windowed.channel.inbound({ from: again.number, body: 'outra coisa' });
    expect(later.body.ticketId).not.toBe(recent.id);
  });
});

describe('a blocked contact', () => {
  it('has their messages kept on the contact, opening no ticket, announced to no one and given to no bot', async () => {
    const { company, connection, channel } = await setUp();
    const contact = await aContact(server, company.id, { active: false });
    const closed = await aTicket(server, company.id, {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'closed',
    });
    const before = await ticketRow(closed.id);
    const socket = await server.socket(company.admin.token);
    await socket.emitWithAck('joinNotification');
    const heard = collect<AppMessageEvent>(socket, eventNames.appMessage(company.id));
    const res = await channel.inbound({ from: contact.number, body: 'me desbloqueia' });
    expect(res.body).toMatchObject({ stored: true, ticketId: closed.id });
    await drain(server, socket, company.id);
    expect(heard).toEqual([]);
    expect(await ticketRow(closed.id)).toMatchObject({
      status: 'closed',
      unreadMessages: before.unreadMessages,
      updatedAt: before.updatedAt,
    });
    expect((await messagesOf(closed.id)).map((m) => m.body)).toEqual(['me desbloqueia']);
    expect(await channel.sent()).toEqual([]);

    // Never written to before: a closed ticket holds the messages, none waits in the inbox.
    const stranger = await aContact(server, company.id, { active: false });
    const first = await channel.inbound({ from: stranger.number, body: 'oi' });
    expect(await ticketRow(first.body.ticketId as number)).toMatchObject({ status: 'closed', isBot: false });

    // Unblocked, the next message opens a ticket again.
    await db().update(contacts).set({ active: true }).where(eq(contacts.id, contact.id));
    const again = await channel.inbound({ from: contact.number, body: 'obrigado' });
    expect(again.body.ticketId).not.toBe(closed.id);
    expect(await ticketRow(again.body.ticketId as number)).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
    });
  });
});

describe('a company past its due date (2-administration §4.2)', () => {
  it('keeps a new conversation’s messages without opening a ticket, while a going one goes on; paying lifts it', async () => {
    const { company, channel } = await setUp();
    const customer = randomNumber();
    const going = await channel.inbound({ from: customer, body: 'antes do vencimento' });
    await db().update(companies).set({ dueDate: '2020-01-01' }).where(eq(companies.id, company.id));

    const stranger = randomNumber();
    const first = await channel.inbound({ from: stranger, body: 'alguém aí?' });
    expect(first.body).toMatchObject({ stored: true });
    expect(await ticketRow(first.body.ticketId as number)).toMatchObject({ status: 'closed', isBot: false });
    expect((await messagesOf(first.body.ticketId as number)).map((m) => m.body)).toEqual(['alguém aí?']);
    expect(await channel.sent()).toEqual([]);

    const goingOn = await channel.inbound({ from: customer, body: 'continua' });
    expect(goingOn.body.ticketId).toBe(going.body.ticketId);

    await db().update(companies).set({ dueDate: '2999-01-01' }).where(eq(companies.id, company.id));
    const paid = await channel.inbound({ from: stranger, body: 'e agora?' });
    expect(await ticketRow(paid.body.ticketId as number)).toMatchObject({ status: 'pending' });
  });
});

describe('company settings', () => {
  it('are read for the connection’s company alone, whatever other companies set', async () => {
    const others = await Promise.all([aCompany(server), aCompany(server)]);
    for (const other of others) {
      await writeCompanySetting(tenantDb(server.database.db, other.id), 'lgpdHideNumber', 'enabled');
    }
    const { channel } = await setUp();
    expect(await channel.inbound({ from: randomNumber(), body: 'oi' })).toMatchObject({ status: 200 });
  });
});

describe('messages without a file', () => {
  it('keep the type the channel gives them (location, contact card, reaction)', async () => {
    const { channel } = await setUp();
    const res = await channel.inbound({
      from: randomNumber(),
      body: 'https://maps.google.com/?q=-23.5,-46.6|Avenida Paulista',
      mediaType: 'locationMessage',
    });
    const [message] = await messagesOf(res.body.ticketId as number);
    expect(message).toMatchObject({ mediaType: 'locationMessage', mediaUrl: null });
  });
});

describe('what is dropped', () => {
  it('drops status broadcasts', async () => {
    const { company, channel } = await setUp();
    const res = await channel.inbound({ from: randomNumber(), body: 'status', broadcast: true });
    expect(res.body).toEqual({ stored: false });
    expect(await db().select().from(tickets).where(eq(tickets.companyId, company.id))).toEqual([]);
  });

  it('drops group messages unless the connection allows groups', async () => {
    const { company, channel } = await setUp();
    const res = await channel.inbound({
      from: randomNumber(),
      group: { id: '120363@g.us', name: 'Equipe' },
      body: 'oi',
    });
    expect(res.body).toEqual({ stored: false });
    expect(await db().select().from(contacts).where(eq(contacts.companyId, company.id))).toEqual([]);
  });

  it('stores a replayed message once', async () => {
    const { channel } = await setUp();
    const from = randomNumber();
    const first = await channel.inbound({ from, body: 'uma vez', id: 'dup-1' });
    const replay = await channel.inbound({ from, body: 'uma vez', id: 'dup-1' });
    expect(replay.body).toEqual({ stored: false });
    expect(await messagesOf(first.body.ticketId as number)).toHaveLength(1);
    expect(await ticketRow(first.body.ticketId as number)).toMatchObject({ unreadMessages: 1 });
  });

  it('does not start a ticket for a replay whose ticket has closed meanwhile', async () => {
    const { company, channel } = await setUp();
    const from = randomNumber();
    const first = await channel.inbound({ from, body: 'oi', id: 'dup-2' });
    await db()
      .update(tickets)
      .set({ status: 'closed' })
      .where(eq(tickets.id, first.body.ticketId as number));
    await channel.inbound({ from, body: 'oi', id: 'dup-2' });
    expect(await db().select().from(tickets).where(eq(tickets.companyId, company.id))).toHaveLength(1);
  });
});

describe('groups', () => {
  it('makes the group the conversation and the member the sender', async () => {
    for (const [groupAsTicket, status] of [
      ['disabled', 'group'],
      ['enabled', 'pending'],
    ] as const) {
      const { company, channel } = await setUp({ allowGroup: true, groupAsTicket });
      const member = randomNumber();
      const res = await channel.inbound({
        from: randomNumber(),
        participant: member,
        name: 'Bruno',
        group: { id: '120363555@g.us', name: 'Equipe' },
        body: 'bom dia',
      });
      const ticket = await ticketRow(res.body.ticketId as number);
      expect(ticket).toMatchObject({ status, isGroup: true, isBot: false });
      const [group] = await db().select().from(contacts).where(eq(contacts.id, ticket.contactId));
      expect(group).toMatchObject({ number: '120363555@g.us', name: 'Equipe', isGroup: true });
      const [sender] = await db()
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, company.id), eq(contacts.number, member)));
      expect(sender).toMatchObject({ name: 'Bruno', isGroup: false });
      expect((await messagesOf(ticket.id))[0]).toMatchObject({ contactId: sender!.id, participant: member });
    }
  });
});

describe('changes to stored messages', () => {
  it('raises acks only, sets edits and deletions', async () => {
    const { channel } = await setUp();
    const res = await channel.inbound({ from: randomNumber(), body: 'original', id: 'chg-1' });
    const row = async () => (await messagesOf(res.body.ticketId as number))[0]!;
    await channel.ack('chg-1', 4);
    await channel.ack('chg-1', 1);
    expect((await row()).ack).toBe(4);
    await channel.edit('chg-1', 'corrigido');
    expect(await row()).toMatchObject({ body: 'corrigido', isEdited: true });
    await channel.remove('chg-1');
    expect((await row()).isDeleted).toBe(true);
  });

  it('links a quoted message', async () => {
    const { channel } = await setUp();
    const from = randomNumber();
    await channel.inbound({ from, body: 'pergunta', id: 'qt-1' });
    const res = await channel.inbound({ from, body: 'resposta', quotedId: 'qt-1' });
    const [question, answer] = await messagesOf(res.body.ticketId as number);
    expect(answer!.quotedMsgId).toBe(question!.id);
  });
});

describe('media', () => {
  it('stores received media, names the file as the last message and serves it to the company', async () => {
    const { company, channel } = await setUp();
    const data = Buffer.from('%PDF-1.4 test');
    const res = await channel.inbound({
      from: randomNumber(),
      body: '',
      media: { filename: 'contrato.pdf', mimetype: 'application/pdf', base64: data.toString('base64') },
    });
    const ticket = await ticketRow(res.body.ticketId as number);
    expect(ticket.lastMessage).toBe('contrato.pdf');
    const page = await server.call(
      api.messages.list,
      { params: { ticketUuid: ticket.uuid } },
      { token: company.admin.token },
    );
    const [message] = (page.body as { messages: Message[] }).messages;
    expect(message).toMatchObject({
      mediaType: 'application',
      mediaUrl: `/api/messages/media/${message!.id}`,
    });
    const file = await server.app.inject({
      method: 'GET',
      url: message!.mediaUrl!,
      headers: { authorization: `Bearer ${company.admin.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(data)).toBe(true);
  });
});

describe('a burst', () => {
  it('makes exactly one contact and one ticket per sender from 1,000 messages of 50 new contacts at once', async () => {
    const { company, channel } = await setUp();
    const senders = Array.from({ length: 50 }, randomNumber);
    // Each sender's 20 messages side by side, so many of one sender's are in flight at once.
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        channel.inbound({ from: senders[Math.floor(i / 20)]!, body: `mensagem ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const count = async (table: typeof contacts | typeof tickets | typeof messages) =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.companyId, company.id))
      )[0]!.n;
    expect(await count(contacts)).toBe(50);
    expect(await count(tickets)).toBe(50);
    expect(await count(messages)).toBe(1000);
    const unread = await db()
      .select({ total: sql<number>`sum(${tickets.unreadMessages})::int` })
      .from(tickets)
      .where(eq(tickets.companyId, company.id));
    expect(unread[0]!.total).toBe(1000);
  }, 90_000);

  it('stores the rest of a batch when one message in it cannot be stored, in each sender’s order', async () => {
    const { company, connection } = await setUp();
    const events = server.deps.channels.eventsFor(connection);
    const senders = Array.from({ length: 5 }, randomNumber);
    // Given all at once, they are stored as one batch.
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        events.inbound({
          id: `b-${i % 5}-${String(i).padStart(2, '0')}`,
          from: senders[i % 5]!,
          fromMe: false,
          // A time that is no time: that message cannot be stored, alone.
          timestamp: i === 17 ? new Date(Number.NaN) : new Date(),
          // A NUL, which PostgreSQL text cannot hold, costs nothing: the message is stored without it.
          body: i === 23 ? 'nul \u0000 body' : `m${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(
      results.map((_, i) => (i === 17 ? 'rejected' : 'fulfilled')),
    );
    const stored = await db()
      .select({ wid: messages.wid, body: messages.body })
      .from(messages)
      .where(eq(messages.companyId, company.id))
      .orderBy(asc(messages.id));
    const wids = stored.map((m) => m.wid);
    expect(wids).toHaveLength(39);
    expect(stored.find((m) => m.wid === 'b-3-23')?.body).toBe('nul  body');
    for (const [s] of senders.entries()) {
      const own = wids.filter((w) => w.startsWith(`b-${s}-`));
      expect(own).toEqual([...own].sort());
    }
  }, 30_000);

  it('keeps each sender’s order in storage and in the announcements while batches overlap', async () => {
    const { company, connection } = await setUp();
    const events = server.deps.channels.eventsFor(connection);
    const socket = await server.socket(company.admin.token);
    await socket.emitWithAck('joinNotification');
    const announced = collect<AppMessageEvent>(socket, eventNames.appMessage(company.id));
    const senders = Array.from({ length: 5 }, randomNumber);
    // Waves a few milliseconds apart: each wave joins a batch while the one before is stored.
    const pending: Promise<unknown>[] = [];
    for (let wave = 0; wave < 12; wave++) {
      for (const [s, from] of senders.entries()) {
        const id = `w-${s}-${String(wave).padStart(2, '0')}`;
        pending.push(events.inbound({ id, from, fromMe: false, timestamp: new Date(), body: id }));
      }
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await Promise.all(pending);
    await drain(server, socket, company.id);
    const stored = await db()
      .select({ wid: messages.wid })
      .from(messages)
      .where(eq(messages.companyId, company.id))
      .orderBy(asc(messages.id));
    const heard = announced.flatMap((e) => (e.action === 'create' ? [e.message.wid] : []));
    expect(stored).toHaveLength(60);
    expect(heard).toHaveLength(60);
    for (const s of senders.keys()) {
      const expected = Array.from({ length: 12 }, (_, w) => `w-${s}-${String(w).padStart(2, '0')}`);
      expect(stored.map((m) => m.wid).filter((w) => w.startsWith(`w-${s}-`))).toEqual(expected);
      expect(heard.filter((w) => w.startsWith(`w-${s}-`))).toEqual(expected);
    }
    const lastMessages = await db()
      .select({ lastMessage: tickets.lastMessage })
      .from(tickets)
      .where(eq(tickets.companyId, company.id));
    expect(lastMessages.map((t) => t.lastMessage).sort()).toEqual(senders.map((_, s) => `w-${s}-11`));
    socket.disconnect();
  }, 30_000);

  it('makes one new ticket per known contact when two servers on one database receive a burst', async () => {
    // Known contacts have no contact insert to wait on, and each server queues only its own messages:
    // only the database's conversation lock keeps their tickets single.
    const { company, connection, channel } = await setUp();
    const second = await buildApp({ db: db(), config: server.deps.config, logger: false });
    try {
      // Leases keep a connection to one server; this plays the moment a session changes hands, when
      // messages of one connection can still arrive through both.
      await second.deps.channels.start(connection);
      const known = await Promise.all(Array.from({ length: 10 }, () => aContact(server, company.id)));
      for (const contact of known) {
        await aTicket(server, company.id, {
          contactId: contact.id,
          whatsappId: connection.id,
          status: 'closed',
        });
      }
      const viaSecond = (from: string, body: string) =>
        second.app.inject({
          method: 'POST',
          url: `/api/test-channel/${connection.id}/inbound`,
          payload: { from, body },
        });
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          const from = known[Math.floor(i / 20)]!.number;
          return i % 2 ? viaSecond(from, `${i}`) : channel.inbound({ from, body: `${i}` });
        }),
      );
      const going = await db()
        .select({ contactId: tickets.contactId })
        .from(tickets)
        .where(and(eq(tickets.companyId, company.id), eq(tickets.status, 'pending')));
      expect(going.map((t) => t.contactId).sort((a, b) => a - b)).toEqual(
        known.map((c) => c.id).sort((a, b) => a - b),
      );
    } finally {
      await second.close();
    }
  }, 30_000);
});

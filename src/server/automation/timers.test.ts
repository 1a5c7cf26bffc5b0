import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import type { CompanySettingKey } from '../../shared/settings';
import { queues, ticketLogs, tickets, ticketTracking, userRatings, type whatsapps } from '../db/schema';
import { scheduleJob } from '../jobs/queries';
import { writeCompanySetting } from '../modules/settings/queries';
import { tenantDb } from '../platform/tenant';
import { aConnection, aTicket } from '../test/builders';
import { aConversation, passTime } from '../test/conversation';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';
import { AUTO_CLOSE } from './timers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());
// Each test starts on the real time: timers armed now are due when their minutes have passed.
beforeEach(() => server.clock.reset());

const db = () => server.database.db;
const as = (token: string) => ({ token });

type Queue = Awaited<ReturnType<typeof aQueue>>;

interface Setup {
  /** The connection's fields; given the company's "Suporte" queue (to redirect to). */
  connection?: (suporte: Queue) => Partial<typeof whatsapps.$inferInsert>;
  settings?: Partial<Record<CompanySettingKey, string>>;
  /** Queues the connection's bot offers. */
  botQueues?: string[];
}

/** A company with a queue "Suporte" and its attendant, and a test connection. */
async function aCompanyWith(setup: Setup = {}, on = server) {
  const company = await aCompany(on);
  for (const [key, value] of Object.entries(setup.settings ?? {}))
    await writeCompanySetting(tenantDb(on.database.db, company.id), key as CompanySettingKey, value);
  const suporte = await aQueue(on, company.id, 'Suporte');
  const offered: Queue[] = [];
  for (const name of setup.botQueues ?? []) offered.push(await aQueue(on, company.id, name));
  const connection = await aConnection(on, company.id, {
    name: 'Loja',
    ...setup.connection?.(suporte),
    queueIds: offered.map((queue) => queue.id),
  });
  const attendant = await aUser(on, company.id, {
    name: 'Bia Lima',
    queueIds: [suporte.id],
    allTicket: 'enable',
  });
  return { company, suporte, offered, connection, attendant };
}

async function update(token: string, ticketId: number, body: Record<string, unknown>) {
  const res = await server.call(api.tickets.update, { params: { id: ticketId }, body }, as(token));
  expect(res.status).toBe(200);
}

async function send(token: string, ticketId: number, body: string) {
  const res = await server.call(api.messages.send, { params: { ticketId }, body: { body } }, as(token));
  expect(res.status).toBe(200);
}

/** A customer whose ticket an attendant accepted and answered: the customer's turn to write. */
async function anAnsweredConversation(setup: Awaited<ReturnType<typeof aCompanyWith>>, answer: string) {
  const c = aConversation(server, setup.connection.id);
  const ticketId = await c.say('Oi, preciso de ajuda');
  await update(setup.attendant.token, ticketId, { status: 'open', userId: setup.attendant.id });
  await send(setup.attendant.token, ticketId, answer);
  return c;
}

describe('redirect (timeSendQueue)', () => {
  const redirecting = { connection: (suporte: Queue) => ({ timeSendQueue: 10, sendIdQueue: suporte.id }) };

  it('moves a ticket still waiting with no queue to sendIdQueue after timeSendQueue minutes, once, logging redirect', async () => {
    const setup = await aCompanyWith(redirecting);
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');
    expect(await c.timers()).toEqual(['redirect']);

    await passTime(server, { minutes: 9 });
    expect((await c.ticket()).queueId).toBeNull();
    await passTime(server, { minutes: 1 });
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: setup.suporte.id, userId: null });
    const [log] = await db()
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.ticketId, c.ticketId), eq(ticketLogs.type, 'redirect')));
    expect(log!.queueId).toBe(setup.suporte.id);

    await passTime(server, { minutes: 30 });
    expect(await c.logs()).toEqual(['create', 'redirect']);
    expect(await c.timers()).toEqual([]);
  });

  it('does not redirect a ticket an attendant accepted meanwhile', async () => {
    const setup = await aCompanyWith(redirecting);
    const c = aConversation(server, setup.connection.id);
    const ticketId = await c.say('Oi');
    await update(setup.company.admin.token, ticketId, { status: 'open', userId: setup.company.admin.id });
    expect(await c.timers()).toEqual([]);

    await passTime(server, { minutes: 15 });
    expect(await c.ticket()).toMatchObject({ status: 'open', queueId: null });
    expect(await c.logs()).not.toContain('redirect');
  });

  it('does not redirect a ticket whose queue the contact chose in the menu', async () => {
    const setup = await aCompanyWith({ ...redirecting, botQueues: ['Financeiro', 'Vendas'] });
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');
    await c.say('2');
    expect((await c.ticket()).queueId).toBe(setup.offered[1]!.id);

    await passTime(server, { minutes: 15 });
    expect((await c.ticket()).queueId).toBe(setup.offered[1]!.id);
    expect(await c.logs()).toEqual(['create', 'queue']);
  });

  it('never redirects to a queue of another company', async () => {
    const other = await aCompany(server);
    const foreign = await aQueue(server, other.id);
    const setup = await aCompanyWith({ connection: () => ({ timeSendQueue: 10, sendIdQueue: foreign.id }) });
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');

    await passTime(server, { minutes: 10 });
    expect((await c.ticket()).queueId).toBeNull();
    expect(await c.logs()).toEqual(['create']);
  });
});

describe('inactivity (timeInactiveMessage)', () => {
  const reminding = {
    connection: () => ({
      timeInactiveMessage: 5,
      inactiveMessage: 'Ainda está aí, {{firstName}}?',
      expiresTicket: 60,
    }),
  };

  it('reminds a contact who has not answered our last message, once, with inactiveMessage', async () => {
    const setup = await aCompanyWith(reminding);
    const c = await anAnsweredConversation(setup, 'Como posso ajudar?');

    await passTime(server, { minutes: 4 });
    expect(await c.replies()).toEqual(['Como posso ajudar?']);
    await passTime(server, { minutes: 1 });
    expect(await c.replies()).toEqual(['Como posso ajudar?', 'Ainda está aí, Ana?']);
    expect((await c.ours()).at(-1)).toMatchObject({ body: 'Ainda está aí, Ana?', userId: null });
    expect(await c.ticket()).toMatchObject({ status: 'open', lastMessage: 'Ainda está aí, Ana?' });

    await passTime(server, { minutes: 20 });
    expect(await c.replies()).toHaveLength(2);
  });

  it('counts again from our next message once the contact has answered', async () => {
    const setup = await aCompanyWith(reminding);
    const c = await anAnsweredConversation(setup, 'Qual o seu pedido?');
    await passTime(server, { minutes: 3 });
    await c.say('Pedido 123');
    await passTime(server, { minutes: 3 });
    expect(await c.replies()).toEqual(['Qual o seu pedido?']);

    await send(setup.attendant.token, c.ticketId, 'Encontrei, já verifico.');
    await passTime(server, { minutes: 4 });
    expect(await c.replies()).toHaveLength(2);
    await passTime(server, { minutes: 1 });
    expect((await c.replies()).at(-1)).toBe('Ainda está aí, Ana?');
  });

  it('neither reminds nor closes a contact waiting in a queue after its greeting', async () => {
    const setup = await aCompanyWith({
      connection: () => ({ timeInactiveMessage: 5, inactiveMessage: 'Ainda está aí?', expiresTicket: 10 }),
      botQueues: ['Financeiro', 'Vendas'],
    });
    await db()
      .update(queues)
      .set({ greetingMessage: 'Aguarde, já vamos atender.' })
      .where(eq(queues.id, setup.offered[0]!.id));
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');
    // The menu asks for a choice: we wait for the contact.
    expect(await c.timers()).toEqual(['expiry', 'inactivity']);
    await c.say('1');
    expect((await c.replies()).at(-1)).toBe('Aguarde, já vamos atender.');
    expect(await c.timers()).toEqual([]);

    await passTime(server, { minutes: 30 });
    expect((await c.replies()).at(-1)).toBe('Aguarde, já vamos atender.');
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: setup.offered[0]!.id });
  });

  it("reminds a contact who leaves a queue's options unanswered, and stops once the bot hands the ticket over", async () => {
    const setup = await aCompanyWith({
      connection: () => ({ timeInactiveMessage: 5, inactiveMessage: 'Ainda está aí?' }),
      botQueues: ['Vendas'],
    });
    const [vendas] = setup.offered;
    const saved = await server.call(
      api.queues.update,
      {
        params: { id: vendas!.id },
        body: {
          greetingMessage: 'Vendas: escolha uma opção.',
          chatbots: [
            { name: 'Pedidos', greetingMessage: 'Um atendente já vai ver seu pedido.' },
            { name: 'Trocas', greetingMessage: 'Trocas em até 7 dias.' },
          ],
        },
      },
      as(setup.company.admin.token),
    );
    expect(saved.status).toBe(200);
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');
    expect(await c.timers()).toEqual(['inactivity']);
    await passTime(server, { minutes: 5 });
    expect((await c.replies()).at(-1)).toBe('Ainda está aí?');

    await c.say('1');
    expect(await c.ticket()).toMatchObject({ queueId: vendas!.id, isBot: false });
    expect(await c.timers()).toEqual([]);
  });

  it('closes a ticket whose LGPD consent question stays unanswered', async () => {
    const setup = await aCompanyWith({
      connection: () => ({ expiresTicket: 10, whenExpiresTicket: '0' }),
      settings: { enableLGPD: 'enabled', lgpdMessage: 'Aceita nossos termos?', lgpdConsent: 'enabled' },
    });
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');
    expect(await c.ticket()).toMatchObject({ status: 'lgpd' });
    expect(await c.timers()).toEqual(['expiry']);
    await passTime(server, { minutes: 10 });
    expect(await c.ticket()).toMatchObject({ status: 'closed' });
    expect(await c.logs()).toContain('autoClose');
  });

  it('never reminds a contact who is the one waiting for us', async () => {
    const setup = await aCompanyWith(reminding);
    const c = aConversation(server, setup.connection.id);
    await c.say('Alguém aí?');

    await passTime(server, { minutes: 30 });
    expect(await c.replies()).toEqual([]);
  });
});

describe('expiry (expiresTicket)', () => {
  it('closes the ticket of a contact who stopped answering, with expiresInactiveMessage when whenExpiresTicket is 1', async () => {
    const setup = await aCompanyWith({
      connection: () => ({
        expiresTicket: 30,
        whenExpiresTicket: '1',
        expiresInactiveMessage: 'Encerramos por falta de resposta, {{firstName}}.',
      }),
    });
    const c = await anAnsweredConversation(setup, 'Pode confirmar o endereço?');

    await passTime(server, { minutes: 29 });
    expect((await c.ticket()).status).toBe('open');
    await passTime(server, { minutes: 1 });
    expect(await c.ticket()).toMatchObject({ status: 'closed', userId: setup.attendant.id });
    expect(await c.replies()).toEqual([
      'Pode confirmar o endereço?',
      'Encerramos por falta de resposta, Ana.',
    ]);
    expect(await c.logs()).toEqual(['create', 'open', 'autoClose']);
    const [tracking] = await db()
      .select()
      .from(ticketTracking)
      .where(eq(ticketTracking.ticketId, c.ticketId));
    expect(tracking!.closedAt).toBeInstanceOf(Date);
    expect(await c.timers()).toEqual([]);
  });

  it('closes silently when whenExpiresTicket is 0', async () => {
    const setup = await aCompanyWith({
      connection: () => ({ expiresTicket: 30, whenExpiresTicket: '0', expiresInactiveMessage: 'Tchau' }),
    });
    const c = await anAnsweredConversation(setup, 'Mais alguma dúvida?');

    await passTime(server, { minutes: 30 });
    expect((await c.ticket()).status).toBe('closed');
    expect(await c.replies()).toEqual(['Mais alguma dúvida?']);
  });

  it('leaves open a ticket whose contact answered', async () => {
    const setup = await aCompanyWith({ connection: () => ({ expiresTicket: 30 }) });
    const c = await anAnsweredConversation(setup, 'Qual o problema?');
    await passTime(server, { minutes: 10 });
    await c.say('A entrega atrasou');

    await passTime(server, { minutes: 60 });
    expect((await c.ticket()).status).toBe('open');
  });
});

describe('rating expiry (expiresTicketNPS)', () => {
  const rating = {
    settings: { userRating: 'enabled' },
    connection: () => ({
      ratingMessage: 'Dê uma nota de 0 a 10',
      complationMessage: 'Obrigado pelo contato!',
      expiresTicketNPS: 15,
    }),
  };

  it('ends a rating nobody gave with the completion message and closes the ticket, unrated', async () => {
    const setup = await aCompanyWith(rating);
    const c = await anAnsweredConversation(setup, 'Resolvido!');
    await update(setup.attendant.token, c.ticketId, { status: 'closed' });
    expect(await c.timers()).toEqual(['npsExpiry']);

    await passTime(server, { minutes: 14 });
    expect((await c.ticket()).status).toBe('nps');
    await passTime(server, { minutes: 1 });
    expect((await c.ticket()).status).toBe('closed');
    expect((await c.replies()).slice(-2)).toEqual(['Dê uma nota de 0 a 10', 'Obrigado pelo contato!']);
    expect(await db().select().from(userRatings).where(eq(userRatings.ticketId, c.ticketId))).toEqual([]);
    expect(await c.logs()).toEqual(['create', 'open', 'nps', 'closed']);
  });

  it('is cancelled by a rating given in time', async () => {
    const setup = await aCompanyWith(rating);
    const c = await anAnsweredConversation(setup, 'Resolvido!');
    await update(setup.attendant.token, c.ticketId, { status: 'closed' });
    await c.say('9');
    expect(await c.timers()).toEqual([]);

    await passTime(server, { minutes: 15 });
    expect(await c.replies()).toEqual(['Resolvido!', 'Dê uma nota de 0 a 10', 'Obrigado pelo contato!']);
  });
});

describe('closing a ticket', () => {
  it('cancels every timer it had', async () => {
    const setup = await aCompanyWith({
      connection: (suporte) => ({
        timeSendQueue: 10,
        sendIdQueue: suporte.id,
        timeInactiveMessage: 5,
        inactiveMessage: 'Oi?',
        expiresTicket: 20,
      }),
      botQueues: ['Vendas', 'Financeiro'],
    });
    const c = aConversation(server, setup.connection.id);
    await c.say('Oi');
    // The bot's menu waits for the contact, and the ticket waits for a queue.
    expect(await c.timers()).toEqual(['expiry', 'inactivity', 'redirect']);

    await update(setup.company.admin.token, c.ticketId, { status: 'closed' });
    expect(await c.timers()).toEqual([]);
    const sentBefore = (await c.replies()).length;
    await passTime(server, { minutes: 30 });
    expect(await c.replies()).toHaveLength(sentBefore);
    expect((await c.ticket()).queueId).toBeNull();
  });
});

describe('company auto-close (hoursCloseTicketsAuto)', () => {
  // The sweep runs every minute of the jobs' clock: due now, whatever earlier tests did to that clock.
  beforeEach(() => scheduleJob(db(), AUTO_CLOSE));

  it('closes open tickets untouched for 24 hours by default, silently, logging autoClose', async () => {
    const setup = await aCompanyWith();
    const c = await anAnsweredConversation(setup, 'Já volto com a resposta');
    const waiting = await aTicket(server, setup.company.id, { status: 'pending' });

    await passTime(server, { hours: 23 });
    expect((await c.ticket()).status).toBe('open');
    await passTime(server, { hours: 1, minutes: 1 });
    expect((await c.ticket()).status).toBe('closed');
    expect(await c.logs()).toEqual(['create', 'open', 'autoClose']);
    expect(await c.replies()).toEqual(['Já volto com a resposta']);
    const [pending] = await db().select().from(tickets).where(eq(tickets.id, waiting.id));
    expect(pending!.status).toBe('pending');
  });

  it("follows each company's own hours, and 0 never closes", async () => {
    const quick = await aCompanyWith({ settings: { hoursCloseTicketsAuto: '2' } });
    const never = await aCompanyWith({ settings: { hoursCloseTicketsAuto: '0' } });
    const quickTicket = await aTicket(server, quick.company.id, {
      status: 'open',
      userId: quick.attendant.id,
    });
    const neverTicket = await aTicket(server, never.company.id, {
      status: 'open',
      userId: never.attendant.id,
    });

    await passTime(server, { hours: 2, minutes: 1 });
    const statusOf = async (id: number) =>
      (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!.status;
    expect(await statusOf(quickTicket.id)).toBe('closed');
    expect(await statusOf(neverTicket.id)).toBe('open');
  });
});

describe('timers across restarts and servers', () => {
  const redirecting = { connection: (suporte: Queue) => ({ timeSendQueue: 10, sendIdQueue: suporte.id }) };

  it('fires a timer armed before a restart once, on the server that came after', async () => {
    const first = await startTestServer({ testChannel: true }, { database: await server.database.share() });
    const setup = await aCompanyWith(redirecting, first);
    const c = aConversation(first, setup.connection.id);
    await c.say('Oi');
    await first.clock.advance({ minutes: 5 });
    await first.stopApp();

    const again = await startTestServer({ testChannel: true }, { database: first.database });
    await passTime(again, { minutes: 4 });
    expect((await c.ticket()).queueId).toBeNull();
    await passTime(again, { minutes: 1 });
    await again.deps.jobs.runDue();
    expect((await c.ticket()).queueId).toBe(setup.suporte.id);
    expect(await c.logs()).toEqual(['create', 'redirect']);
    await again.stop();
  });

  it('fires each timer once with two servers on one database', async () => {
    const other = await startTestServer({ testChannel: true }, { database: await server.database.share() });
    const setup = await aCompanyWith(redirecting);
    const conversations = Array.from({ length: 12 }, () => aConversation(server, setup.connection.id));
    for (const c of conversations) await c.say('Oi');

    await server.clock.advance({ minutes: 10 });
    await Promise.all([server.deps.jobs.runDue(), other.deps.jobs.runDue()]);
    for (const c of conversations) expect(await c.logs()).toEqual(['create', 'redirect']);
    await other.stop();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import { BOT_TEXTS } from '../../shared/bot-texts';
import type { AppMessageEvent, TicketEvent } from '../../shared/realtime';
import { COMPANY_SETTING_DEFAULTS, type CompanySettings } from '../../shared/settings';
import { companies, tickets, userRatings, users, whatsapps } from '../db/schema';
import { aConnection, aContact, aTicket, collect, drain, randomNumber } from '../test/builders';
import { CLOSED_WEEK, conversations, MENU, OPEN_WEEK } from '../test/conversation';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';
import { botsMayAct } from './routing';

// docs/behaviour.md "Routing and bots" leaves the reply to an audio the company does not take to us.
const AUDIO_REFUSAL = BOT_TEXTS.pt.audioRefusal;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const db = () => server.database.db;
const { chat, aCompanyWithBot, botMessagesOf } = conversations(() => server);

describe('a connection with one queue', () => {
  it('puts the ticket in it and sends the connection’s greeting when sendGreetingMessageOneQueues is on', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'Vendas' }],
      connection: { greetingMessage: 'Olá {{firstName}}, bem-vindo à {{connection}}!' },
    });
    const ticketId = await c.say('Oi');
    expect(await c.repliesWhen(1)).toEqual(['Olá Ana, bem-vindo à Loja!']);
    expect(await c.ticket()).toMatchObject({
      status: 'pending',
      queueId: c.queues[0]!.id,
      userId: null,
      amountUsedBotQueues: 1,
      lastMessage: 'Olá Ana, bem-vindo à Loja!',
    });
    expect((await c.ticket()).botAnsweredAt).toBeInstanceOf(Date);
    expect(await c.logEntries()).toEqual([
      { type: 'create', queueId: null, userId: null },
      { type: 'queue', queueId: c.queues[0]!.id, userId: null },
    ]);
    expect(await botMessagesOf(ticketId)).toMatchObject([
      { body: 'Olá Ana, bem-vindo à Loja!', userId: null, queueId: c.queues[0]!.id, read: true },
    ]);
    expect((await botMessagesOf(ticketId))[0]!.wid).toMatch(/^test-out-/);
  });

  it('puts the ticket in it silently when sendGreetingMessageOneQueues is off', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'Vendas' }],
      connection: { greetingMessage: 'Olá!' },
      settings: { sendGreetingMessageOneQueues: 'disabled' },
    });
    await c.say('Oi');
    expect(await c.replies()).toEqual([]);
    expect(await c.ticket()).toMatchObject({
      queueId: c.queues[0]!.id,
      amountUsedBotQueues: 0,
      botAnsweredAt: null,
    });
  });

  it('lets the queue’s users see the ticket and the bot’s message as they happen', async () => {
    const company = await aCompany(server);
    const vendas = await aQueue(server, company.id, 'Vendas');
    const member = await aUser(server, company.id, { queueIds: [vendas.id] });
    const socket = await server.socket(member.token);
    await socket.emitWithAck('joinNotification');
    const ticketEvents = collect<TicketEvent>(socket, `company-${company.id}-ticket`);
    const messageEvents = collect<AppMessageEvent>(socket, `company-${company.id}-appMessage`);
    const connection = await aConnection(server, company.id, {
      queueIds: [vendas.id],
      greetingMessage: 'Bem-vindo',
    });
    const c = chat(connection.id);
    const ticketId = await c.say('Oi');
    await drain(server, socket, company.id);
    expect(ticketEvents).toContainEqual(
      expect.objectContaining({
        action: 'update',
        ticket: expect.objectContaining({ id: ticketId, queueId: vendas.id }),
      }),
    );
    expect(messageEvents).toEqual([
      expect.objectContaining({
        action: 'create',
        message: expect.objectContaining({ body: 'Bem-vindo', fromMe: true }),
        ticket: expect.objectContaining({ id: ticketId }),
      }),
    ]);
  });
});

describe('a connection with several queues', () => {
  const threeQueues = () =>
    aCompanyWithBot({
      queues: [
        {
          name: 'Suporte',
          orderQueue: 2,
          greetingMessage: 'Suporte técnico, {{firstName}}: descreva o problema.',
        },
        { name: 'Vendas', orderQueue: 1, greetingMessage: 'Vendas aqui!' },
        { name: 'Financeiro', orderQueue: 2 },
      ],
      connection: { greetingMessage: 'Olá {{name}}! Escolha uma opção:', maxUseBotQueues: 3 },
    });

  it('offers the queues as a numbered menu in their order, with a line to leave', async () => {
    const c = await threeQueues();
    await c.say('Oi');
    expect(await c.repliesWhen(1)).toEqual([
      MENU('Olá Ana Souza! Escolha uma opção:', ['Vendas', 'Financeiro', 'Suporte']),
    ]);
    expect(await c.ticket()).toMatchObject({ queueId: null, status: 'pending', amountUsedBotQueues: 1 });
  });

  it('puts the ticket in the chosen queue, logs it and sends that queue’s greeting', async () => {
    const c = await threeQueues();
    await c.say('Oi');
    await c.say(' 3 ');
    const suporte = c.queues[0]!;
    expect(await c.repliesWhen(2)).toEqual([
      MENU('Olá Ana Souza! Escolha uma opção:', ['Vendas', 'Financeiro', 'Suporte']),
      'Suporte técnico, Ana: descreva o problema.',
    ]);
    expect(await c.ticket()).toMatchObject({ queueId: suporte.id, status: 'pending', userId: null });
    expect((await c.logEntries()).map((l) => [l.type, l.queueId])).toEqual([
      ['create', null],
      ['queue', suporte.id],
    ]);
    // Waiting in the queue now: the bot leaves the conversation to the attendants.
    await c.say('Alguém aí?');
    expect(await c.replies()).toHaveLength(2);
  });

  it('resends the menu on an invalid answer, up to maxUseBotQueues answers, then stays silent', async () => {
    const c = await threeQueues();
    await c.say('Oi');
    await c.say('quero comprar');
    await c.say('9');
    await c.say('0');
    const menu = MENU('Olá Ana Souza! Escolha uma opção:', ['Vendas', 'Financeiro', 'Suporte']);
    expect(await c.replies()).toEqual([menu, menu, menu]);
    expect(await c.ticket()).toMatchObject({ queueId: null, amountUsedBotQueues: 3 });
    // A valid number is still taken once the bot stopped asking.
    await c.say('1');
    expect(await c.replies()).toEqual([menu, menu, menu, 'Vendas aqui!']);
    expect(await c.ticket()).toMatchObject({ queueId: c.queues[1]!.id });
  });

  it('resends the menu at most once per timeUseBotQueues minutes', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      connection: { timeUseBotQueues: 5, maxUseBotQueues: 0 },
    });
    await c.say('Oi');
    await c.say('hein?');
    expect(await c.replies()).toHaveLength(1);
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    await db()
      .update(tickets)
      .set({ botAnsweredAt: sixMinutesAgo })
      .where(eq(tickets.id, (await c.ticket()).id));
    await c.say('hein?');
    expect(await c.replies()).toEqual([MENU('', ['A fila', 'B fila']), MENU('', ['A fila', 'B fila'])]);
  });

  it('closes the ticket when the contact answers "sair", logging clientClosed', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      connection: { greetingMessage: 'Escolha:', complationMessage: 'Até logo, {{firstName}}.' },
    });
    await c.say('Oi');
    await c.say('SAIR');
    expect(await c.replies()).toEqual([MENU('Escolha:', ['A fila', 'B fila']), 'Até logo, Ana.']);
    expect(await c.ticket()).toMatchObject({ status: 'closed', queueId: null, amountUsedBotQueues: 0 });
    expect((await c.logEntries()).map((l) => l.type)).toEqual(['create', 'clientClosed']);
  });

  it('speaks the company’s language, and takes its leave word as well as the Portuguese one', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'Soporte' }, { name: 'Ventas' }],
      settings: { language: 'es' },
      connection: { greetingMessage: 'Elija:' },
    });
    await c.say('Hola');
    expect(await c.replies()).toEqual([
      [
        'Elija:',
        ['*[ 1 ]* - Soporte', '*[ 2 ]* - Ventas', '*[ Salir ]* - Terminar la atención'].join('\n'),
      ].join('\n\n'),
    ]);
    await c.say('salir');
    expect(await c.ticket()).toMatchObject({ status: 'closed' });

    const pt = await aCompanyWithBot({
      queues: [{ name: 'A' }, { name: 'B' }],
      settings: { language: 'es' },
    });
    await pt.say('Oi');
    await pt.say('Sair');
    expect(await pt.ticket()).toMatchObject({ status: 'closed' });
  });

  it('never offers another company’s queues linked to the connection', async () => {
    const c = await aCompanyWithBot({ queues: [{ name: 'Minha A' }, { name: 'Minha B' }] });
    const other = await aCompany(server);
    const foreign = await aQueue(server, other.id, 'Alheia');
    const connection = await aConnection(server, c.company.id, {
      queueIds: [...c.queues.map((q) => q.id), foreign.id],
    });
    const customer = chat(connection.id);
    await customer.say('Oi');
    expect(await customer.replies()).toEqual([MENU('', ['Minha A', 'Minha B'])]);
    await customer.say('3');
    expect((await customer.ticket()).queueId).toBeNull();
  });
});

describe('service hours', () => {
  it('answers out of the company’s hours with the connection’s message, within the limits, and offers no menu', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      connection: { outOfHoursMessage: 'Fechado agora, {{firstName}}.', maxUseBotQueues: 2 },
      settings: { scheduleType: 'company' },
      timezone: 'Asia/Tokyo',
    });
    await db().update(companies).set({ schedules: CLOSED_WEEK }).where(eq(companies.id, c.company.id));
    await c.say('Oi');
    await c.say('1');
    await c.say('Alô?');
    expect(await c.replies()).toEqual(['Fechado agora, Ana.', 'Fechado agora, Ana.']);
    expect(await c.ticket()).toMatchObject({ queueId: null, amountUsedBotQueues: 2 });
  });

  it('offers the menu within the company’s hours', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      connection: { outOfHoursMessage: 'Fechado agora.' },
      settings: { scheduleType: 'company' },
      timezone: 'Pacific/Kiritimati',
    });
    await db().update(companies).set({ schedules: OPEN_WEEK }).where(eq(companies.id, c.company.id));
    await c.say('Oi');
    expect(await c.replies()).toEqual([MENU('', ['A fila', 'B fila'])]);
  });

  it('follows the connection’s hours when scheduleType is connection', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }],
      connection: { outOfHoursMessage: 'Conexão fechada.', timeUseBotQueues: 30 },
      settings: { scheduleType: 'connection' },
    });
    await db().update(companies).set({ schedules: OPEN_WEEK }).where(eq(companies.id, c.company.id));
    await db().update(whatsapps).set({ schedules: CLOSED_WEEK }).where(eq(whatsapps.id, c.connection.id));
    await c.say('Oi');
    await c.say('Oi de novo');
    // Once per timeUseBotQueues window.
    expect(await c.replies()).toEqual(['Conexão fechada.']);
    expect((await c.ticket()).queueId).toBeNull();
  });

  it('answers with the queue’s out-of-hours message once a closed queue is chosen (scheduleType queue)', async () => {
    const c = await aCompanyWithBot({
      queues: [
        { name: 'A fila', greetingMessage: 'Bem-vindo à A', schedules: OPEN_WEEK },
        {
          name: 'B fila',
          greetingMessage: 'Bem-vindo à B',
          outOfHoursMessage: 'A {{queue}} está fechada.',
          schedules: CLOSED_WEEK,
        },
      ],
      connection: { outOfHoursMessage: 'Nunca usado.' },
      settings: { scheduleType: 'queue' },
    });
    await db().update(companies).set({ schedules: CLOSED_WEEK }).where(eq(companies.id, c.company.id));
    await c.say('Oi');
    await c.say('2');
    await c.say('Ainda fechado?');
    await c.say('E agora?');
    // Choosing a queue is a step forward: the limit counts the answers given in the queue from there.
    expect(await c.replies()).toEqual([
      MENU('', ['A fila', 'B fila']),
      'A B fila está fechada.',
      'A B fila está fechada.',
      'A B fila está fechada.',
    ]);
    expect(await c.ticket()).toMatchObject({ queueId: c.queues[1]!.id, amountUsedBotQueues: 3 });
    await c.say('Alô?');
    expect(await c.replies()).toHaveLength(4);
  });
});

describe('audio', () => {
  const audio = { media: { filename: 'voz.ogg', mimetype: 'audio/ogg', base64: 'T2dnUw==' } };

  it('is refused with a text-only reply when the contact does not accept audio', async () => {
    const c = await aCompanyWithBot();
    await aContact(server, c.company.id, { number: c.from, acceptAudioMessage: false });
    await c.say('', audio);
    expect(await c.repliesWhen(1)).toEqual([AUDIO_REFUSAL]);
  });

  it('is refused when the company does not accept audio from contacts', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      settings: { acceptAudioMessageContact: 'disabled' },
    });
    await c.say('', audio);
    expect(await c.replies()).toEqual([AUDIO_REFUSAL]);
    expect((await c.ticket()).queueId).toBeNull();
  });

  it('is refused in the company’s language', async () => {
    const c = await aCompanyWithBot({ settings: { language: 'tr', acceptAudioMessageContact: 'disabled' } });
    await c.say('', audio);
    expect(await c.repliesWhen(1)).toEqual([BOT_TEXTS.tr.audioRefusal]);
  });

  it('is taken like any message when both accept it', async () => {
    const c = await aCompanyWithBot();
    await c.say('', audio);
    expect(await c.replies()).toEqual([]);
  });
});

describe('the bots stay silent', () => {
  it('on a ticket a user is attending', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      settings: { acceptAudioMessageContact: 'disabled' },
    });
    const contact = await aContact(server, c.company.id, { number: c.from });
    await aTicket(server, c.company.id, {
      contactId: contact.id,
      whatsappId: c.connection.id,
      status: 'open',
      userId: c.company.admin.id,
    });
    await c.say('Oi');
    await c.say('', { media: { filename: 'voz.ogg', mimetype: 'audio/ogg', base64: 'T2dnUw==' } });
    expect(await c.replies()).toEqual([]);
    expect(await c.ticket()).toMatchObject({ queueId: null, amountUsedBotQueues: 0 });
  });

  it('for a contact whose bot is disabled', async () => {
    const c = await aCompanyWithBot({ queues: [{ name: 'A fila' }, { name: 'B fila' }] });
    await aContact(server, c.company.id, { number: c.from, disableBot: true });
    await c.say('Oi');
    expect(await c.replies()).toEqual([]);
  });

  it('in groups, unless the connection treats groups as tickets', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      connection: { allowGroup: true, groupAsTicket: 'disabled' },
    });
    const group = { id: `1203${randomNumber()}@g.us`, name: 'Família' };
    await c.say('Oi', { group, participant: c.from });
    expect(await c.channel.sent()).toEqual([]);
    expect(await c.ticket()).toMatchObject({ isGroup: true, status: 'group' });
  });

  it('but answers a group like a contact where groupAsTicket is enabled, in the group', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila' }],
      connection: { allowGroup: true, groupAsTicket: 'enabled' },
    });
    const group = { id: `1203${randomNumber()}@g.us`, name: 'Família' };
    await c.say('Oi', { group, participant: c.from });
    await c.say('2', { group, participant: randomNumber() });
    expect((await c.channel.sent()).map((s) => [s.to, s.body])).toEqual([
      [group.id, MENU('', ['A fila', 'B fila'])],
    ]);
    expect(await c.ticket()).toMatchObject({ isGroup: true, status: 'pending', queueId: c.queues[1]!.id });
  });

  it('on the contact’s own messages sent from the phone', async () => {
    const c = await aCompanyWithBot({ queues: [{ name: 'A fila' }, { name: 'B fila' }] });
    await c.say('Oi, aqui é a loja', { fromMe: true });
    expect(await c.replies()).toEqual([]);
  });
});

describe('which messages reach the bots at all', () => {
  const defaults = COMPANY_SETTING_DEFAULTS as CompanySettings;
  const text = { mediaType: null } as Parameters<typeof botsMayAct>[2];
  const audio = { mediaType: 'audio' } as Parameters<typeof botsMayAct>[2];
  const plain = {
    hasQueues: false,
    collectiveVacationStart: null,
    collectiveVacationEnd: null,
    collectiveVacationMessage: null,
  };
  const now = new Date('2026-07-10T12:00:00Z');
  const vacation = {
    ...plain,
    collectiveVacationStart: new Date('2026-07-01T03:00:00Z'),
    collectiveVacationEnd: new Date('2026-07-20T03:00:00Z'),
    collectiveVacationMessage: 'Férias coletivas',
  };

  it('none without service hours, queues on the connection, a vacation or an audio: nothing is read for them', () => {
    expect(botsMayAct(defaults, plain, text, 'pending', now)).toBe(false);
    // A vacation over, or without its message, is no vacation.
    expect(botsMayAct(defaults, vacation, text, 'pending', new Date('2026-08-01T12:00:00Z'))).toBe(false);
    expect(botsMayAct(defaults, { ...vacation, collectiveVacationMessage: ' ' }, text, 'pending', now)).toBe(
      false,
    );
  });

  it('every one once service hours are on, the connection has queues or a vacation, it is an audio, or a rating or consent is asked', () => {
    expect(botsMayAct({ ...defaults, scheduleType: 'company' }, plain, text, 'pending', now)).toBe(true);
    expect(botsMayAct(defaults, { ...plain, hasQueues: true }, text, 'pending', now)).toBe(true);
    expect(botsMayAct(defaults, vacation, text, 'pending', now)).toBe(true);
    expect(botsMayAct(defaults, plain, audio, 'pending', now)).toBe(true);
    expect(botsMayAct(defaults, plain, text, 'nps', now)).toBe(true);
    expect(botsMayAct(defaults, plain, text, 'lgpd', now)).toBe(true);
  });
});

describe('the rating (NPS) flow', () => {
  /** A conversation served by Bia, then resolved with userRating on: the ticket waits in nps. */
  async function awaitingRating(connectionFields: Record<string, unknown> = {}) {
    const bot = await aCompanyWithBot({
      settings: { userRating: 'enabled' },
      connection: { ratingMessage: 'Avalie de 0 a 10', complationMessage: 'Até logo!', ...connectionFields },
    });
    const bia = await aUser(server, bot.company.id, { name: 'Bia' });
    await db()
      .update(users)
      .set({ farewellMessage: 'Obrigada, {{name}}! — {{userName}}' })
      .where(eq(users.id, bia.id));
    const ticketId = await bot.say('Oi');
    await db().update(tickets).set({ status: 'open', userId: bia.id }).where(eq(tickets.id, ticketId));
    const res = await server.call(
      api.tickets.update,
      { params: { id: ticketId }, body: { status: 'closed' } },
      { token: bot.company.admin.token },
    );
    expect(res.body).toMatchObject({ status: 'nps' });
    return { ...bot, bia, ticketId };
  }

  it('stores a 0–10 answer for the attendant, closes with the farewell, and the list shows it on five faces', async () => {
    const c = await awaitingRating();
    await c.say('9');
    expect(await c.repliesWhen(3)).toEqual(['Avalie de 0 a 10', 'Obrigada, Ana Souza! — Bia', 'Até logo!']);
    expect(await c.ticket()).toMatchObject({ status: 'closed' });
    expect(await db().select().from(userRatings).where(eq(userRatings.ticketId, c.ticketId))).toMatchObject([
      { rate: 9, userId: c.bia.id, companyId: c.company.id },
    ]);
    expect((await c.logEntries()).at(-1)?.type).toBe('closed');
    const list = await server.call(
      api.tickets.list,
      { query: { status: 'closed', showAll: 'true' } },
      { token: c.company.admin.token },
    );
    expect((list.body as { tickets: { id: number; userRating: unknown }[] }).tickets).toContainEqual(
      expect.objectContaining({ id: c.ticketId, userRating: { rate: 5 } }),
    );
  });

  it('asks again after an invalid answer, up to maxUseBotQueuesNPS times, then closes unrated', async () => {
    const c = await awaitingRating({ maxUseBotQueuesNPS: 2 });
    await c.say('ótimo');
    await c.say('muito bom');
    expect(await c.repliesWhen(3)).toEqual(['Avalie de 0 a 10', 'Avalie de 0 a 10', 'Avalie de 0 a 10']);
    expect(await c.ticket()).toMatchObject({ status: 'nps' });
    await c.say('já disse');
    expect((await c.repliesWhen(5)).slice(3)).toEqual(['Obrigada, Ana Souza! — Bia', 'Até logo!']);
    expect(await c.ticket()).toMatchObject({ status: 'closed' });
    expect(await db().select().from(userRatings).where(eq(userRatings.ticketId, c.ticketId))).toEqual([]);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import type { ChatbotInput } from '../../shared/api/chatbots';
import type { QueueDetail } from '../../shared/api/queues';
import { chatbots, contacts, fileListOptions, fileLists, queues, tickets, whatsapps } from '../db/schema';
import { storeMedia } from '../modules/messages/media-store';
import { aContact, aTicket } from '../test/builders';
import { CLOSED_WEEK, conversations, MENU } from '../test/conversation';
import { aUser, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-conversations-'));
  server = await startTestServer({ testChannel: true, dataDir });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => server.database.db;
const { chat, aCompanyWithBot } = conversations(() => server);

/** A level of options as the bots write it: its message, the numbered options, back and leave lines. */
const LEVEL = (message: string, names: string[]) =>
  [
    message,
    [
      ...names.map((name, i) => `*[ ${i + 1} ]* - ${name}`),
      '*[ # ]* - Voltar',
      '*[ Sair ]* - Encerrar atendimento',
    ].join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');

/** Saves a queue's option tree through the queue dialog's call, as an admin does. */
async function saveOptions(token: string, queueId: number, tree: ChatbotInput[]) {
  const res = await server.call(
    api.queues.update,
    { params: { id: queueId }, body: { chatbots: tree } },
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as QueueDetail).chatbots;
}

/** A file list of the company with stored files (a PDF and a PNG). */
async function aFileList(companyId: number, message = 'Seguem os arquivos, {{firstName}}') {
  const [list] = await db().insert(fileLists).values({ companyId, name: 'Catálogos', message }).returning();
  const pdf = await storeMedia(server.deps.media, companyId, {
    filename: 'x.pdf',
    mimetype: 'application/pdf',
    data: Buffer.from('%PDF-1.4 catálogo'),
  });
  const png = await storeMedia(server.deps.media, companyId, {
    filename: 'x.png',
    mimetype: 'image/png',
    data: Buffer.from('png'),
  });
  await db()
    .insert(fileListOptions)
    .values([
      { fileListId: list!.id, name: 'Catálogo de verão', path: pdf, mediaType: 'application/pdf' },
      { fileListId: list!.id, name: 'Foto da loja', path: png, mediaType: 'image/png' },
      // An option whose file was never uploaded is left out.
      { fileListId: list!.id, name: 'Sem arquivo' },
    ]);
  return list!;
}

/**
 * The shop: Vendas (with a two-level option tree), Suporte and Financeiro on one connection; Bia
 * attends Suporte.
 */
async function aShop(setup: Parameters<typeof aCompanyWithBot>[0] = {}) {
  const c = await aCompanyWithBot({
    queues: [
      { name: 'Vendas', orderQueue: 1, greetingMessage: 'Vendas, {{firstName}}! Como podemos ajudar?' },
      { name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte técnico: descreva o problema.' },
      { name: 'Financeiro', orderQueue: 3, greetingMessage: 'Financeiro.' },
    ],
    connection: {
      greetingMessage: 'Olá! Escolha um setor:',
      complationMessage: 'Atendimento encerrado. Até logo!',
      maxUseBotQueues: 2,
    },
    ...setup,
  });
  const [vendas, suporte, financeiro] = c.queues as [
    (typeof c.queues)[0],
    (typeof c.queues)[0],
    (typeof c.queues)[0],
  ];
  const bia = await aUser(server, c.company.id, { name: 'Bia', queueIds: [suporte.id] });
  const tree = await saveOptions(c.company.admin.token, vendas.id, [
    {
      name: 'Produtos',
      greetingMessage: 'Qual linha, {{firstName}}?',
      options: [
        { name: 'Linha casa', greetingMessage: 'Veja a linha casa no site.' },
        {
          name: 'Linha jardim',
          greetingMessage: 'A linha jardim volta em breve. Obrigado!',
          closeTicket: true,
        },
      ],
    },
    {
      name: 'Falar com a Bia',
      greetingMessage: 'A Bia vai te atender.',
      queueType: 'attendent',
      optUserId: bia.id,
      optQueueId: suporte.id,
    },
    {
      name: 'Ir ao suporte',
      greetingMessage: 'Levando você ao suporte.',
      queueType: 'queue',
      optQueueId: suporte.id,
    },
    {
      name: 'Assistente',
      greetingMessage: 'Conectando ao assistente.',
      queueType: 'integration',
      optIntegrationId: 7,
    },
  ]);
  const menu = MENU('Olá! Escolha um setor:', ['Vendas', 'Suporte', 'Financeiro']);
  const vendasLevel = LEVEL('Vendas, Ana! Como podemos ajudar?', [
    'Produtos',
    'Falar com a Bia',
    'Ir ao suporte',
    'Assistente',
  ]);
  const produtosLevel = LEVEL('Qual linha, Ana?', ['Linha casa', 'Linha jardim']);
  return { ...c, vendas, suporte, financeiro, bia, tree, menu, vendasLevel, produtosLevel };
}

describe('a queue with a two-level option tree', () => {
  it('offers the queue’s options after it is chosen, then a sub-level, and hands the ticket to the queue at a leaf', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    expect(await c.replies()).toEqual([
      c.menu,
      'Vendas, Ana! Como podemos ajudar?\n\n' +
        '*[ 1 ]* - Produtos\n*[ 2 ]* - Falar com a Bia\n*[ 3 ]* - Ir ao suporte\n*[ 4 ]* - Assistente\n' +
        '*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento',
    ]);
    expect(await c.ticket()).toMatchObject({ queueId: c.vendas.id, isBot: true, chatbotId: null });

    await c.say('1');
    expect((await c.replies()).at(-1)).toBe(c.produtosLevel);
    expect(await c.ticket()).toMatchObject({ chatbotId: c.tree[0]!.id, isBot: true });

    await c.say('1');
    expect((await c.replies()).at(-1)).toBe('Veja a linha casa no site.');
    expect(await c.ticket()).toMatchObject({
      status: 'pending',
      queueId: c.vendas.id,
      userId: null,
      isBot: false,
      chatbotId: null,
    });
    expect((await c.logEntries()).map((l) => [l.type, l.queueId])).toEqual([
      ['create', null],
      ['queue', c.vendas.id],
      ['chatBot', c.vendas.id],
    ]);
    // Handed to the queue: the attendants take it from here.
    await c.say('Obrigada');
    expect(await c.replies()).toHaveLength(4);
  });

  it('goes a level up with "#", and from the queue’s options back to the choice of queue', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('1');
    await c.say('#');
    expect((await c.replies()).at(-1)).toBe(c.vendasLevel);
    expect(await c.ticket()).toMatchObject({ queueId: c.vendas.id, chatbotId: null, isBot: true });
    await c.say('#');
    expect((await c.replies()).at(-1)).toBe(c.menu);
    expect(await c.ticket()).toMatchObject({ queueId: null, chatbotId: null });
    await c.say('2');
    expect((await c.replies()).at(-1)).toBe('Suporte técnico: descreva o problema.');
    expect(await c.ticket()).toMatchObject({ queueId: c.suporte.id, isBot: false });
  });

  it('closes the ticket when the contact answers "Sair" in the options, logging clientClosed', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('1');
    await c.say('Sair');
    expect((await c.replies()).at(-1)).toBe('Atendimento encerrado. Até logo!');
    expect(await c.ticket()).toMatchObject({ status: 'closed', chatbotId: null, amountUsedBotQueues: 0 });
    expect((await c.logEntries()).at(-1)).toMatchObject({ type: 'clientClosed', queueId: c.vendas.id });
  });

  it('shows the level again on an invalid answer up to maxUseBotQueues times, then waits silently for a valid one', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('1');
    await c.say('9');
    await c.say('não sei');
    await c.say('de novo?');
    // The level was shown once on arrival and once more: maxUseBotQueues 2.
    expect((await c.replies()).slice(2)).toEqual([c.produtosLevel, c.produtosLevel]);
    expect(await c.ticket()).toMatchObject({ amountUsedBotQueues: 2, chatbotId: c.tree[0]!.id });
    await c.say('1');
    expect((await c.replies()).at(-1)).toBe('Veja a linha casa no site.');
  });

  it('ends the attendance after the message of an option with closeTicket', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('1');
    await c.say('2');
    expect((await c.replies()).at(-1)).toBe('A linha jardim volta em breve. Obrigado!');
    expect(await c.ticket()).toMatchObject({ status: 'closed', isBot: true });
    expect((await c.logEntries()).at(-1)).toMatchObject({ type: 'closed', userId: null });
  });

  it('gives the ticket to the attendant of an attendent option, waiting for them in that option’s queue', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('2');
    expect((await c.replies()).at(-1)).toBe('A Bia vai te atender.');
    expect(await c.ticket()).toMatchObject({
      status: 'pending',
      queueId: c.suporte.id,
      userId: c.bia.id,
      isBot: false,
    });
    expect((await c.logEntries()).at(-1)).toMatchObject({ type: 'queue', queueId: c.suporte.id });
    // Bia's own ticket now: the bots stay out of it, and it waits in her list.
    await c.say('Oi Bia');
    expect(await c.replies()).toHaveLength(3);
    const waiting = await server.call(
      api.tickets.list,
      { query: { status: 'pending' } },
      { token: c.bia.token },
    );
    expect((waiting.body as { tickets: { id: number }[] }).tickets.map((t) => t.id)).toContain(
      (await c.ticket()).id,
    );
  });

  it('moves the ticket to the queue of a queue option, greeting it there', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('3');
    expect((await c.replies()).slice(-2)).toEqual([
      'Levando você ao suporte.',
      'Suporte técnico: descreva o problema.',
    ]);
    expect(await c.ticket()).toMatchObject({ queueId: c.suporte.id, isBot: false, userId: null });
    expect((await c.logEntries()).map((l) => [l.type, l.queueId]).slice(-2)).toEqual([
      ['chatBot', c.vendas.id],
      ['queue', c.suporte.id],
    ]);
  });

  it('hands the ticket to the integration of an integration option, and the menus leave it to it', async () => {
    const c = await aShop();
    await c.say('Oi');
    await c.say('1');
    await c.say('4');
    expect((await c.replies()).at(-1)).toBe('Conectando ao assistente.');
    expect(await c.ticket()).toMatchObject({ integrationId: 7, useIntegration: true, isBot: false });
    await c.say('1');
    expect(await c.replies()).toHaveLength(3);
  });

  it('never follows an option to another company’s queue, even one written into the database by hand', async () => {
    const c = await aShop();
    const other = await aCompanyWithBot({ queues: [{ name: 'Alheia', greetingMessage: 'Fila alheia' }] });
    await db()
      .update(chatbots)
      .set({ optQueueId: other.queues[0]!.id })
      .where(eq(chatbots.id, c.tree[2]!.id));
    await c.say('Oi');
    await c.say('1');
    await c.say('3');
    expect((await c.replies()).at(-1)).toBe('Levando você ao suporte.');
    expect(await c.ticket()).toMatchObject({ queueId: c.vendas.id, isBot: false });
  });
});

describe('queue behaviours', () => {
  it('takes a lone option at once', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'Vendas', greetingMessage: 'Bem-vindo às vendas.' }],
    });
    await saveOptions(c.company.admin.token, c.queues[0]!.id, [
      {
        name: 'Único caminho',
        greetingMessage: 'Escolha o produto:',
        options: [
          { name: 'Produto A', greetingMessage: 'A' },
          { name: 'Produto B', greetingMessage: 'B' },
        ],
      },
    ]);
    await c.say('Oi');
    // One queue (taken at once, its connection greeting empty), one option (taken at once): its level.
    expect(await c.replies()).toEqual([LEVEL('Escolha o produto:', ['Produto A', 'Produto B'])]);
    await c.say('2');
    expect((await c.replies()).at(-1)).toBe('B');
  });

  it('sends the queue’s file list on arrival: its message, then each file with its name', async () => {
    const c = await aCompanyWithBot({
      queues: [{ name: 'A fila' }, { name: 'B fila', greetingMessage: 'Olá da B' }],
    });
    const list = await aFileList(c.company.id);
    await db().update(queues).set({ fileListId: list.id }).where(eq(queues.id, c.queues[1]!.id));
    await c.say('Oi');
    await c.say('2');
    const sent = (await c.sent()).slice(1);
    expect(sent.map((s) => [s.kind, s.body, s.media?.filename, s.media?.mimetype])).toEqual([
      ['text', 'Olá da B', undefined, undefined],
      ['text', 'Seguem os arquivos, Ana', undefined, undefined],
      ['media', 'Catálogo de verão', 'Catálogo de verão.pdf', 'application/pdf'],
      ['media', 'Foto da loja', 'Foto da loja.png', 'image/png'],
    ]);
    // Each file is the message's own copy, shown in the chat like any file.
    const ticketId = (await c.ticket()).id;
    const chat = await server.call(
      api.messages.list,
      { params: { ticketUuid: (await c.ticket()).uuid }, query: {} },
      { token: c.company.admin.token },
    );
    const files = (
      chat.body as { messages: { mediaType: string | null; ticketId: number }[] }
    ).messages.filter((m) => m.mediaType !== null);
    expect(files.map((m) => [m.mediaType, m.ticketId])).toEqual([
      ['application', ticketId],
      ['image', ticketId],
    ]);
  });

  it('sends a file option’s list and hands the ticket to the queue', async () => {
    const c = await aCompanyWithBot({ queues: [{ name: 'Vendas', greetingMessage: 'Vendas' }] });
    const list = await aFileList(c.company.id, 'Aqui estão');
    await saveOptions(c.company.admin.token, c.queues[0]!.id, [
      { name: 'Catálogos', greetingMessage: 'Enviando...', queueType: 'file', optFileId: list.id },
      { name: 'Outra coisa', greetingMessage: 'Aguarde.' },
    ]);
    await c.say('Oi');
    await c.say('1');
    expect((await c.replies()).slice(1)).toEqual([
      'Enviando...',
      'Aqui estão',
      'Catálogo de verão',
      'Foto da loja',
    ]);
    expect(await c.ticket()).toMatchObject({ isBot: false, status: 'pending' });
  });

  it('closes at once in a queue with closeTicket, after its greeting', async () => {
    const c = await aCompanyWithBot({
      queues: [
        { name: 'Informações', orderQueue: 1, greetingMessage: 'Abrimos às 8h.', closeTicket: true },
        { name: 'Atendimento', orderQueue: 2, greetingMessage: 'Aguarde.' },
      ],
    });
    await c.say('Oi');
    await c.say('1');
    expect((await c.replies()).at(-1)).toBe('Abrimos às 8h.');
    expect(await c.ticket()).toMatchObject({ status: 'closed', queueId: c.queues[0]!.id });
    expect((await c.logEntries()).map((l) => l.type)).toEqual(['create', 'queue', 'closed']);
  });

  it('tells the contact their place among those waiting in the queue when sendQueuePosition is on', async () => {
    const c = await aCompanyWithBot({
      queues: [
        { name: 'A fila', greetingMessage: 'Bem-vindo à A' },
        { name: 'B fila', greetingMessage: 'B' },
      ],
      settings: {
        sendQueuePosition: 'enabled',
        sendQueuePositionMessage: '{{firstName}}, sua posição na fila:',
      },
    });
    // Two waiting before, one already being attended, one in another queue.
    const a = c.queues[0]!;
    await aTicket(server, c.company.id, { queueId: a.id, whatsappId: c.connection.id });
    await aTicket(server, c.company.id, { queueId: a.id, whatsappId: c.connection.id });
    await aTicket(server, c.company.id, {
      queueId: a.id,
      whatsappId: c.connection.id,
      status: 'open',
      userId: c.company.admin.id,
    });
    await aTicket(server, c.company.id, { queueId: c.queues[1]!.id, whatsappId: c.connection.id });
    await c.say('Oi');
    await c.say('1');
    expect((await c.replies()).slice(1)).toEqual(['Bem-vindo à A', 'Ana, sua posição na fila: 3']);
  });

  it('sends the connection’s greeting attachment with the first showing of the menu', async () => {
    const company = await aCompanyWithBot({ queues: [{ name: 'A fila' }, { name: 'B fila' }] });
    const image = await storeMedia(server.deps.media, company.company.id, {
      filename: 'banner.png',
      mimetype: 'image/png',
      data: Buffer.from('banner'),
    });
    await db()
      .update(whatsapps)
      .set({ greetingMediaAttachment: image, greetingMessage: 'Bem-vinda, {{firstName}}!' })
      .where(eq(whatsapps.id, company.connection.id));
    await company.say('Oi');
    await company.say('hein?');
    const menu = MENU('Bem-vinda, Ana!', ['A fila', 'B fila']);
    expect((await company.sent()).map((s) => [s.kind, s.body, s.media?.mimetype])).toEqual([
      ['media', menu, 'image/png'],
      ['text', menu, undefined],
    ]);
  });
});

describe('collective vacation', () => {
  const days = (n: number) => new Date(Date.now() + n * 86_400_000);

  it('answers with the vacation message within the window, within the bots’ limits, and offers nothing else', async () => {
    const c = await aShop({
      connection: {
        greetingMessage: 'Escolha:',
        maxUseBotQueues: 2,
      },
    });
    await db()
      .update(whatsapps)
      .set({
        collectiveVacationStart: days(-2),
        collectiveVacationEnd: days(3),
        collectiveVacationMessage: 'Estamos em férias coletivas, {{firstName}}. Voltamos logo!',
      })
      .where(eq(whatsapps.id, c.connection.id));
    await c.say('Oi');
    await c.say('1');
    await c.say('Alguém?');
    expect(await c.replies()).toEqual([
      'Estamos em férias coletivas, Ana. Voltamos logo!',
      'Estamos em férias coletivas, Ana. Voltamos logo!',
    ]);
    expect(await c.ticket()).toMatchObject({ queueId: null, status: 'pending' });
  });

  it('counts the last day whole, and routes as usual before the window and after it', async () => {
    const c = await aCompanyWithBot({ queues: [{ name: 'A fila' }, { name: 'B fila' }] });
    const setWindow = (start: Date, end: Date) =>
      db()
        .update(whatsapps)
        .set({
          collectiveVacationStart: start,
          collectiveVacationEnd: end,
          collectiveVacationMessage: 'Férias!',
        })
        .where(eq(whatsapps.id, c.connection.id));
    // Ended yesterday: no vacation.
    await setWindow(days(-5), days(-1));
    await c.say('Oi');
    expect(await c.replies()).toEqual([MENU('', ['A fila', 'B fila'])]);
    // Starts tomorrow: none either.
    await setWindow(days(1), days(5));
    const other = chat(c.connection.id);
    await other.say('Oi');
    expect(await other.replies()).toEqual([MENU('', ['A fila', 'B fila'])]);
    // Ends today (its date, at midnight): the whole day is vacation.
    const midnight = new Date();
    midnight.setUTCHours(3, 0, 0, 0);
    await setWindow(days(-3), midnight);
    const third = chat(c.connection.id);
    await third.say('Oi');
    expect(await third.replies()).toEqual(['Férias!']);
  });
});

describe('LGPD consent', () => {
  const LGPD = {
    enableLGPD: 'enabled',
    lgpdMessage: 'Olá {{firstName}}, para continuar precisamos do seu consentimento.',
    lgpdLink: 'https://loja.example/privacidade',
  };
  const QUESTION =
    'Olá Ana, para continuar precisamos do seu consentimento.\n\nhttps://loja.example/privacidade\n\n[1] Sim\n[2] Não';

  it('asks first; "1" records the consent on the contact and the ticket and routes on to the menu', async () => {
    const c = await aShop({ settings: LGPD });
    await c.say('Oi');
    expect(await c.replies()).toEqual([QUESTION]);
    expect(await c.ticket()).toMatchObject({ status: 'lgpd', queueId: null });
    await c.say('1');
    expect((await c.replies()).at(-1)).toBe(c.menu);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: null, amountUsedBotQueues: 1 });
    expect(ticket.lgpdAcceptedAt).toBeInstanceOf(Date);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(contact!.lgpdAcceptedAt).toEqual(ticket.lgpdAcceptedAt);
    expect((await c.logEntries()).map((l) => l.type)).toEqual(['create', 'lgpd']);
    // The "1" was the consent, not a choice of queue: the next answer is.
    await c.say('2');
    expect((await c.replies()).at(-1)).toBe('Suporte técnico: descreva o problema.');
  });

  it('closes with the completion message on "2"', async () => {
    const c = await aShop({ settings: LGPD });
    await c.say('Oi');
    await c.say('2');
    expect(await c.replies()).toEqual([QUESTION, 'Atendimento encerrado. Até logo!']);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ status: 'closed', lgpdAcceptedAt: null });
    expect((await c.logEntries()).map((l) => l.type)).toEqual(['create', 'lgpd', 'clientClosed']);
  });

  it('asks again on any other answer within maxUseBotQueues, then waits', async () => {
    const c = await aShop({ settings: LGPD });
    await c.say('Oi');
    await c.say('talvez');
    await c.say('sim?');
    expect(await c.replies()).toEqual([QUESTION, QUESTION]);
    expect(await c.ticket()).toMatchObject({ status: 'lgpd' });
  });

  it('asks a contact who consented before only when lgpdConsent asks every time', async () => {
    const once = await aShop({ settings: LGPD });
    await aContact(server, once.company.id, {
      name: 'Ana Souza',
      number: once.from,
      lgpdAcceptedAt: new Date('2026-01-01'),
    });
    await once.say('Oi');
    expect(await once.replies()).toEqual([once.menu]);

    const always = await aShop({ settings: { ...LGPD, lgpdConsent: 'enabled' } });
    await aContact(server, always.company.id, {
      name: 'Ana Souza',
      number: always.from,
      lgpdAcceptedAt: new Date('2026-01-01'),
    });
    await always.say('Oi');
    expect(await always.replies()).toEqual([QUESTION]);
  });

  it('asks nothing while LGPD is off or has no message, nor a contact whose bot is disabled', async () => {
    const off = await aShop({ settings: { ...LGPD, enableLGPD: 'disabled' } });
    await off.say('Oi');
    expect(await off.replies()).toEqual([off.menu]);
    const empty = await aShop({ settings: { ...LGPD, lgpdMessage: ' ' } });
    await empty.say('Oi');
    expect(await empty.replies()).toEqual([empty.menu]);
    // Nor a contact the bots never answer: their ticket simply waits.
    const quiet = await aShop({ settings: LGPD });
    await aContact(server, quiet.company.id, { number: quiet.from, disableBot: true });
    await quiet.say('Oi');
    expect(await quiet.replies()).toEqual([]);
    expect(await quiet.ticket()).toMatchObject({ status: 'pending' });
  });
});

describe('message variables in the bots’ texts', () => {
  it('fills the contact, ticket, queue, connection and the company’s clock', async () => {
    const c = await aCompanyWithBot({
      queues: [
        {
          name: 'Vendas',
          orderQueue: 1,
          greetingMessage: '{{ms}} {{name}}: fila {{queue}} da {{connection}}, ticket {{ticket_id}}',
        },
        { name: 'Outra', orderQueue: 2, greetingMessage: 'x' },
      ],
      connection: { greetingMessage: 'Protocolo {{protocol}} em {{date}} às {{hour}}' },
      timezone: 'Asia/Tokyo',
    });
    const ticketId = await c.say('Oi');
    await c.say('1');
    const [menu, greeting] = await c.replies();
    expect(menu).toMatch(
      new RegExp(`^Protocolo \\d{14}${ticketId} em \\d{2}-\\d{2}-\\d{4} às \\d{2}:\\d{2}:\\d{2}`),
    );
    expect(greeting).toMatch(
      new RegExp(
        `^(Bom dia|Boa tarde|Boa noite|Boa madrugada) Ana Souza: fila Vendas da Loja, ticket ${ticketId}$`,
      ),
    );
    // The hour is Tokyo's.
    const tokyoHour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    expect(menu).toContain(` às ${tokyoHour}:`);
  });
});

describe('the bots and the queue’s own hours', () => {
  it('answers with the queue’s out-of-hours message and keeps its options for later', async () => {
    const c = await aShop({ settings: { scheduleType: 'queue' } });
    await db()
      .update(queues)
      .set({ schedules: CLOSED_WEEK, outOfHoursMessage: 'Vendas fechado.' })
      .where(eq(queues.id, c.vendas.id));
    await c.say('Oi');
    await c.say('1');
    expect((await c.replies()).at(-1)).toBe('Vendas fechado.');
    expect(await c.ticket()).toMatchObject({ queueId: c.vendas.id, isBot: false });
    const [row] = await db()
      .select()
      .from(tickets)
      .where(eq(tickets.id, (await c.ticket()).id));
    expect(row!.chatbotId).toBeNull();
  });
});

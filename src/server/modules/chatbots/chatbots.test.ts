import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { ChatbotInput, ChatbotOption } from '../../../shared/api/chatbots';
import type { QueueDetail } from '../../../shared/api/queues';
import { DEFAULT_SCHEDULES } from '../../../shared/schedules';
import { chatbots, fileLists, queues } from '../../db/schema';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

async function saveTree(token: string, queueId: number, tree: ChatbotInput[]) {
  return server.call(api.queues.update, { params: { id: queueId }, body: { chatbots: tree } }, as(token));
}

/** A company with a queue Vendas, a second queue Suporte and an attendant Bia. */
async function shop() {
  const company = await aCompany(server);
  const vendas = await aQueue(server, company.id, 'Vendas');
  const suporte = await aQueue(server, company.id, 'Suporte');
  const bia = await aUser(server, company.id, { name: 'Bia' });
  // 2-administration §5: with two queues, each needs a greeting to be saved.
  await server.database.db
    .update(queues)
    .set({ greetingMessage: 'Olá' })
    .where(eq(queues.companyId, company.id));
  return { company, vendas, suporte, bia, token: company.admin.token };
}

const TWO_LEVELS = (suporteId: number, biaId: number): ChatbotInput[] => [
  {
    name: 'Produtos',
    greetingMessage: 'Qual linha?',
    options: [
      { name: 'Linha casa', greetingMessage: 'Catálogo casa' },
      { name: 'Linha jardim', greetingMessage: 'Catálogo jardim', closeTicket: true },
    ],
  },
  { name: 'Falar com a Bia', queueType: 'attendent', optUserId: biaId, optQueueId: suporteId },
  { name: 'Ir ao suporte', queueType: 'queue', optQueueId: suporteId },
];

describe("a queue's option tree in the queue calls", () => {
  it('is saved with the queue and read back nested, in order, with the default service hours', async () => {
    const s = await shop();
    const saved = await saveTree(s.token, s.vendas.id, TWO_LEVELS(s.suporte.id, s.bia.id));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const shown = (await server.call(api.queues.show, { params: { id: s.vendas.id } }, as(s.token)))
      .body as QueueDetail;
    expect(shown).toEqual(saved.body);
    expect(shown.schedules).toEqual(DEFAULT_SCHEDULES);
    expect(shown.chatbots).toMatchObject([
      {
        name: 'Produtos',
        queueType: 'text',
        closeTicket: false,
        options: [
          { name: 'Linha casa', greetingMessage: 'Catálogo casa', options: [] },
          { name: 'Linha jardim', closeTicket: true, options: [] },
        ],
      },
      { name: 'Falar com a Bia', queueType: 'attendent', optUserId: s.bia.id, optQueueId: s.suporte.id },
      { name: 'Ir ao suporte', queueType: 'queue', optQueueId: s.suporte.id, optUserId: null },
    ]);
  });

  it('keeps the options named by id, makes the new ones and removes those left out', async () => {
    const s = await shop();
    const first = (await saveTree(s.token, s.vendas.id, TWO_LEVELS(s.suporte.id, s.bia.id)))
      .body as QueueDetail;
    const [produtos, bia] = first.chatbots;
    const next = await saveTree(s.token, s.vendas.id, [
      { ...bia!, name: 'Falar com a Bia agora' },
      {
        id: produtos!.id,
        name: 'Produtos',
        greetingMessage: 'Qual linha?',
        options: [{ ...produtos!.options[1]! }, { name: 'Linha pet', greetingMessage: 'Pets' }],
      },
    ]);
    const tree = (next.body as QueueDetail).chatbots;
    expect(tree.map((o) => o.id)).toEqual([bia!.id, produtos!.id]);
    expect(tree[0]!.name).toBe('Falar com a Bia agora');
    expect(tree[1]!.options.map((o) => o.name)).toEqual(['Linha jardim', 'Linha pet']);
    expect(tree[1]!.options[0]!.id).toBe(produtos!.options[1]!.id);
    const rows = await server.database.db.select().from(chatbots).where(eq(chatbots.queueId, s.vendas.id));
    expect(rows).toHaveLength(4);
  });

  it('leaves the tree as it is when a save does not send it, and clears it with an empty list', async () => {
    const s = await shop();
    await saveTree(s.token, s.vendas.id, TWO_LEVELS(s.suporte.id, s.bia.id));
    const renamed = await server.call(
      api.queues.update,
      { params: { id: s.vendas.id }, body: { name: 'Comercial' } },
      as(s.token),
    );
    expect((renamed.body as QueueDetail).chatbots).toHaveLength(3);
    expect(((await saveTree(s.token, s.vendas.id, [])).body as QueueDetail).chatbots).toEqual([]);
  });

  it('answers the spec’s rules: a name of 4 characters, a message to go a level deeper, each type’s target', async () => {
    const s = await shop();
    const refused = async (tree: unknown[]) =>
      (await saveTree(s.token, s.vendas.id, tree as ChatbotInput[])).body;
    expect(await refused([{ name: 'Oi' }])).toMatchObject({ error: 'Too Short!' });
    expect(await refused([{ greetingMessage: 'x' }])).toMatchObject({ error: 'Required' });
    expect(await refused([{ name: 'Produtos', options: [{ name: 'Linha casa' }] }])).toMatchObject({
      error: 'Required',
      issues: [expect.objectContaining({ path: 'chatbots.0.greetingMessage' })],
    });
    expect(await refused([{ name: 'Falar com alguém', queueType: 'attendent' }])).toMatchObject({
      issues: [expect.objectContaining({ path: 'chatbots.0.optUserId', message: 'Required' })],
    });
    expect(await refused([{ name: 'Outra fila', queueType: 'queue' }])).toMatchObject({
      issues: [expect.objectContaining({ path: 'chatbots.0.optQueueId' })],
    });
    expect(await refused([{ name: 'Arquivos', queueType: 'file' }])).toMatchObject({
      issues: [expect.objectContaining({ path: 'chatbots.0.optFileId' })],
    });
    expect(
      await refused([
        {
          name: 'Outra fila',
          queueType: 'queue',
          optQueueId: s.suporte.id,
          greetingMessage: 'x',
          options: [{ name: 'Abaixo' }],
        },
      ]),
    ).toMatchObject({ error: 'Only text options have sub-options' });
  });

  it('never points an option at another company’s queue, attendant or file list', async () => {
    const s = await shop();
    const other = await aCompany(server);
    const theirQueue = await aQueue(server, other.id, 'Alheia');
    const theirUser = await aUser(server, other.id);
    const [theirList] = await server.database.db
      .insert(fileLists)
      .values({ companyId: other.id, name: 'Alheia', message: 'm' })
      .returning();
    const nested = (option: ChatbotInput): ChatbotInput[] => [
      { name: 'Menu raiz', greetingMessage: 'Escolha', options: [option] },
    ];
    expect(
      await saveTree(
        s.token,
        s.vendas.id,
        nested({ name: 'Fila', queueType: 'queue', optQueueId: theirQueue.id }),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(
      await saveTree(
        s.token,
        s.vendas.id,
        nested({ name: 'Pessoa', queueType: 'attendent', optUserId: theirUser.id }),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(
      await saveTree(
        s.token,
        s.vendas.id,
        nested({ name: 'Lista', queueType: 'file', optFileId: theirList!.id }),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect(
      (await server.call(api.queues.show, { params: { id: s.vendas.id } }, as(s.token))).body,
    ).toMatchObject({
      chatbots: [],
    });
  });

  it('never takes over another company’s options by naming their ids', async () => {
    const a = await shop();
    const b = await shop();
    const theirs = ((await saveTree(a.token, a.vendas.id, [{ name: 'Deles' }])).body as QueueDetail)
      .chatbots[0]!;
    const mine = await saveTree(b.token, b.vendas.id, [{ id: theirs.id, name: 'Minha' }]);
    expect((mine.body as QueueDetail).chatbots[0]!.id).not.toBe(theirs.id);
    const still = (await server.call(api.queues.show, { params: { id: a.vendas.id } }, as(a.token))).body;
    expect(still).toMatchObject({ chatbots: [{ id: theirs.id, name: 'Deles' }] });
  });

  it('saves the queue’s service hours', async () => {
    const s = await shop();
    const week = DEFAULT_SCHEDULES.map((day) => ({ ...day, startTimeB: '', endTimeB: '' }));
    const res = await server.call(
      api.queues.update,
      { params: { id: s.vendas.id }, body: { schedules: week } },
      as(s.token),
    );
    expect((res.body as QueueDetail).schedules).toEqual(week);
  });
});

describe('the /chatbot calls', () => {
  it('create an option under a queue or an option, read, change and delete it with what is under it', async () => {
    const s = await shop();
    const made = await server.call(
      api.chatbots.create,
      {
        body: {
          queueId: s.vendas.id,
          name: 'Produtos',
          greetingMessage: 'Qual linha?',
          options: [{ name: 'Linha casa' }],
        },
      },
      as(s.token),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const produtos = made.body as ChatbotOption;
    expect(produtos).toMatchObject({ name: 'Produtos', options: [{ name: 'Linha casa' }] });

    const child = await server.call(
      api.chatbots.create,
      { body: { parentId: produtos.id, name: 'Linha pet', queueType: 'attendent', optUserId: s.bia.id } },
      as(s.token),
    );
    expect(child.body).toMatchObject({ name: 'Linha pet', optUserId: s.bia.id });

    const list = await server.call(api.chatbots.list, { query: { queueId: s.vendas.id } }, as(s.token));
    expect(list.body).toMatchObject([
      { id: produtos.id, queueId: s.vendas.id, options: [{ name: 'Linha casa' }, { name: 'Linha pet' }] },
    ]);

    const changed = await server.call(
      api.chatbots.update,
      { params: { id: produtos.id }, body: { name: 'Nossos produtos', greetingMessage: 'Qual?' } },
      as(s.token),
    );
    expect(changed.body).toMatchObject({ name: 'Nossos produtos', options: [{}, {}] });
    // Emptying the message of an option that opens a level is refused (2-administration §5).
    const emptied = await server.call(
      api.chatbots.update,
      { params: { id: produtos.id }, body: { name: 'Nossos produtos' } },
      as(s.token),
    );
    expect(emptied).toMatchObject({ status: 400, body: { error: 'Required' } });

    expect(
      (await server.call(api.chatbots.remove, { params: { id: produtos.id } }, as(s.token))).status,
    ).toBe(200);
    expect(await server.database.db.select().from(chatbots).where(eq(chatbots.queueId, s.vendas.id))).toEqual(
      [],
    );
  });

  it('needs a queue or a parent option, and refuses a level under an option without a message', async () => {
    const s = await shop();
    const nowhere = await server.call(api.chatbots.create, { body: { name: 'Solta' } }, as(s.token));
    expect(nowhere).toMatchObject({ status: 400, body: { error: 'Required' } });
    const silent = (
      await server.call(
        api.chatbots.create,
        { body: { queueId: s.vendas.id, name: 'Sem texto' } },
        as(s.token),
      )
    ).body as ChatbotOption;
    const under = await server.call(
      api.chatbots.create,
      { body: { parentId: silent.id, name: 'Abaixo' } },
      as(s.token),
    );
    expect(under).toMatchObject({ status: 400, body: { error: 'Required' } });
  });

  it('are for admins and never reach another company’s options', async () => {
    const a = await shop();
    const b = await shop();
    const option = (
      await server.call(api.chatbots.create, { body: { queueId: a.vendas.id, name: 'Deles' } }, as(a.token))
    ).body as ChatbotOption;
    const user = await aUser(server, a.company.id);
    expect((await server.call(api.chatbots.list, { query: {} }, as(user.token))).status).toBe(403);
    expect((await server.call(api.chatbots.list, { query: {} }, as(b.token))).body).toEqual([]);
    expect((await server.call(api.chatbots.show, { params: { id: option.id } }, as(b.token))).status).toBe(
      404,
    );
    const update = await server.call(
      api.chatbots.update,
      { params: { id: option.id }, body: { name: 'Minha' } },
      as(b.token),
    );
    expect(update.status).toBe(404);
    expect((await server.call(api.chatbots.remove, { params: { id: option.id } }, as(b.token))).status).toBe(
      404,
    );
    const intoTheirQueue = await server.call(
      api.chatbots.create,
      { body: { queueId: a.vendas.id, name: 'Intrusa' } },
      as(b.token),
    );
    expect(intoTheirQueue).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    const underTheirOption = await server.call(
      api.chatbots.create,
      { body: { parentId: option.id, name: 'Intrusa' } },
      as(b.token),
    );
    expect(underTheirOption.status).toBe(404);
    expect(
      (await server.call(api.chatbots.show, { params: { id: option.id } }, as(a.token))).body,
    ).toMatchObject({
      name: 'Deles',
    });
  });
});

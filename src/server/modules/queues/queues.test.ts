import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { QueueSummary } from '../../../shared/api/queues';
import { events } from '../../../shared/realtime';
import { fileLists, plans, queues } from '../../db/schema';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const setOrder = (id: number, orderQueue: number) =>
  server.database.db.update(queues).set({ orderQueue }).where(eq(queues.id, id));

describe('GET /queue', () => {
  it("answers any member the company's queues in bot order, then by name", async () => {
    const company = await aCompany(server);
    const zulu = await aQueue(server, company.id, 'Zulu');
    const alpha = await aQueue(server, company.id, 'Alpha');
    const second = await aQueue(server, company.id, 'Second');
    const first = await aQueue(server, company.id, 'First');
    await setOrder(second.id, 2);
    await setOrder(first.id, 1);
    const user = await aUser(server, company.id);
    const res = await server.call(api.queues.list, {}, { token: user.token });
    expect(res.status).toBe(200);
    expect((res.body as QueueSummary[]).map((q) => q.id)).toEqual([first.id, second.id, alpha.id, zulu.id]);
    expect((res.body as QueueSummary[])[0]).toEqual({
      id: first.id,
      name: 'First',
      color: first.color,
      greetingMessage: null,
      orderQueue: 1,
      outOfHoursMessage: null,
      closeTicket: false,
      ativarRoteador: false,
      tempoRoteador: 0,
      integrationId: null,
      fileListId: null,
    });
  });

  it("never shows a company another company's queues", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aQueue(server, a.id, 'Sales');
    const own = await aQueue(server, b.id, 'Support');
    const res = await server.call(api.queues.list, {}, { token: b.admin.token });
    expect(res.status).toBe(200);
    expect((res.body as QueueSummary[]).map((q) => q.id)).toEqual([own.id]);
  });
});

describe('managing queues', () => {
  const as = (token: string) => ({ token });

  it('lets an admin create, read, rename and delete a queue', async () => {
    const company = await aCompany(server);
    const created = await server.call(
      api.queues.create,
      { body: { name: 'Vendas', color: '#ff0000', greetingMessage: 'Olá!' } },
      as(company.admin.token),
    );
    expect(created.status).toBe(200);
    const queue = created.body as QueueSummary;
    expect(queue).toMatchObject({ name: 'Vendas', color: '#ff0000', greetingMessage: 'Olá!' });

    const shown = await server.call(api.queues.show, { params: { id: queue.id } }, as(company.admin.token));
    expect(shown.body).toEqual(queue);

    const renamed = await server.call(
      api.queues.update,
      { params: { id: queue.id }, body: { name: 'Comercial' } },
      as(company.admin.token),
    );
    expect(renamed.body).toMatchObject({ id: queue.id, name: 'Comercial', color: '#ff0000' });

    const removed = await server.call(
      api.queues.remove,
      { params: { id: queue.id } },
      as(company.admin.token),
    );
    expect(removed.status).toBe(200);
    const gone = await server.call(api.queues.show, { params: { id: queue.id } }, as(company.admin.token));
    expect(gone).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  });

  it('answers the spec validation messages for name and colour', async () => {
    const company = await aCompany(server);
    const create = (body: Record<string, unknown>) =>
      server.call(api.queues.create, { body: body as never }, as(company.admin.token));
    expect((await create({ name: 'V', color: '#fff' })).body).toMatchObject({ error: 'Too Short!' });
    expect((await create({ name: 'x'.repeat(51), color: '#fff' })).body).toMatchObject({
      error: 'Too Long!',
    });
    expect((await create({ name: 'Vendas', color: '#f' })).body).toMatchObject({ error: 'Too Short!' });
    expect((await create({ name: 'Vendas', color: '#0123456789' })).body).toMatchObject({
      error: 'Too Long!',
    });
    expect((await create({ name: 'Vendas' })).body).toMatchObject({ error: 'Required' });
  });

  it('refuses a colour or a name already used in the company, but not in another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await server.call(api.queues.create, { body: { name: 'Vendas', color: '#00ff00' } }, as(a.admin.token));
    const sameColour = await server.call(
      api.queues.create,
      { body: { name: 'Suporte', color: '#00ff00', greetingMessage: 'Olá!' } },
      as(a.admin.token),
    );
    expect(sameColour).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    const sameName = await server.call(
      api.queues.create,
      { body: { name: 'Vendas', color: '#0000ff', greetingMessage: 'Olá!' } },
      as(a.admin.token),
    );
    expect(sameName).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_NAME_ALREADY_EXISTS' } });
    const elsewhere = await server.call(
      api.queues.create,
      { body: { name: 'Vendas', color: '#00ff00' } },
      as(b.admin.token),
    );
    expect(elsewhere.status).toBe(200);
  });

  it("never lets another company's admin read, change or delete a queue", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const queue = await aQueue(server, a.id, 'Privada');
    const id = { params: { id: queue.id } };
    expect((await server.call(api.queues.show, id, as(b.admin.token))).status).toBe(404);
    expect(
      (await server.call(api.queues.update, { ...id, body: { name: 'Tomada' } }, as(b.admin.token))).status,
    ).toBe(404);
    expect((await server.call(api.queues.remove, id, as(b.admin.token))).status).toBe(404);
    const still = await server.call(api.queues.show, id, as(a.admin.token));
    expect(still.body).toMatchObject({ name: 'Privada' });
  });

  it('refuses changes by a plain user', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await server.call(
      api.queues.create,
      { body: { name: 'Vendas', color: '#123456' } },
      as(user.token),
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('announces changes to the company on company-{id}-queue and to no other company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const mine = await server.socket(a.admin.token);
    const theirs = await server.socket(b.admin.token);
    const foreign: unknown[] = [];
    theirs.on(events.queue(a.id), (payload: unknown) => foreign.push(payload));
    const received = new Promise((resolve) => mine.once(events.queue(a.id), resolve));
    await server.call(api.queues.create, { body: { name: 'Vendas', color: '#abcdef' } }, as(a.admin.token));
    expect(await received).toMatchObject({ action: 'create', queue: { name: 'Vendas' } });
    // A marker after the event: by the time it arrives, anything meant for `theirs` would have.
    const marker = new Promise((resolve) => theirs.once(events.queue(b.id), resolve));
    await server.call(api.queues.create, { body: { name: 'Marca', color: '#fedcba' } }, as(b.admin.token));
    await marker;
    expect(foreign).toEqual([]);
  });
});

describe('the queue dialog fields and rules', () => {
  const as = (token: string) => ({ token });
  const create = (token: string, body: Record<string, unknown>) =>
    server.call(api.queues.create, { body: body as never }, as(token));

  it('keeps the queue-data fields: out-of-hours message, close, rotation, integration and file list', async () => {
    const company = await aCompany(server);
    const [list] = await server.database.db
      .insert(fileLists)
      .values({ companyId: company.id, name: 'Boas-vindas', message: 'Seguem os arquivos' })
      .returning();
    const body = {
      name: 'Financeiro',
      color: '#336699',
      greetingMessage: 'Bem-vindo ao financeiro',
      outOfHoursMessage: 'Estamos fechados',
      orderQueue: 2,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 15,
      integrationId: 7,
      fileListId: list!.id,
    };
    const created = await create(company.admin.token, body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject(body);
    const id = (created.body as QueueSummary).id;
    const changed = await server.call(
      api.queues.update,
      { params: { id }, body: { ativarRoteador: false, integrationId: null, outOfHoursMessage: null } },
      as(company.admin.token),
    );
    expect(changed.body).toMatchObject({
      ...body,
      ativarRoteador: false,
      integrationId: null,
      outOfHoursMessage: null,
    });
  });

  it("never sends another company's file list", async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const [theirs] = await server.database.db
      .insert(fileLists)
      .values({ companyId: other.id, name: 'Alheia', message: 'm' })
      .returning();
    const res = await create(company.admin.token, {
      name: 'Vendas',
      color: '#336699',
      fileListId: theirs!.id,
    });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it('accepts only the router times of 2-administration §9, and needs one when rotation is on', async () => {
    const company = await aCompany(server);
    const odd = await create(company.admin.token, { name: 'Rota', color: '#123123', tempoRoteador: 3 });
    expect(odd.status).toBe(400);
    const noTime = await create(company.admin.token, {
      name: 'Rota',
      color: '#123123',
      ativarRoteador: true,
    });
    expect(noTime).toMatchObject({ status: 400, body: { error: 'Required' } });
    for (const tempoRoteador of [2, 5, 10, 15, 30, 45, 60]) {
      const res = await create(company.admin.token, {
        name: `Rota ${tempoRoteador}`,
        color: `#${tempoRoteador}a${tempoRoteador}`.slice(0, 7),
        greetingMessage: 'Olá',
        ativarRoteador: true,
        tempoRoteador,
      });
      expect(res.status).toBe(200);
    }
  });

  it('requires a greeting once the company has more than one queue (ERR_WAPP_GREETING_REQUIRED)', async () => {
    const company = await aCompany(server);
    const first = await create(company.admin.token, { name: 'Primeira', color: '#aa0000' });
    expect(first.status).toBe(200);
    const second = await create(company.admin.token, {
      name: 'Segunda',
      color: '#00aa00',
      greetingMessage: ' ',
    });
    expect(second).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    const greeted = await create(company.admin.token, {
      name: 'Segunda',
      color: '#00aa00',
      greetingMessage: 'Olá! Escolha uma opção',
    });
    expect(greeted.status).toBe(200);
    const id = (greeted.body as QueueSummary).id;
    const cleared = await server.call(
      api.queues.update,
      { params: { id }, body: { greetingMessage: null } },
      as(company.admin.token),
    );
    expect(cleared).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    // The first queue, saved when it was alone, needs one as soon as it is edited among two.
    const renamed = await server.call(
      api.queues.update,
      { params: { id: (first.body as QueueSummary).id }, body: { name: 'Primeira fila' } },
      as(company.admin.token),
    );
    expect(renamed).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    // Alone again, a queue needs no greeting.
    await server.call(api.queues.remove, { params: { id } }, as(company.admin.token));
    const alone = await server.call(
      api.queues.update,
      { params: { id: (first.body as QueueSummary).id }, body: { name: 'Primeira fila' } },
      as(company.admin.token),
    );
    expect(alone.status).toBe(200);
  });

  it("refuses a queue beyond the plan's queue limit, counting only the company's own queues", async () => {
    const [plan] = await server.database.db
      .insert(plans)
      .values({ name: `Duas filas ${randomBytes(3).toString('hex')}`, queues: 2 })
      .returning();
    const company = await aCompany(server, { planId: plan!.id });
    const other = await aCompany(server, { planId: plan!.id });
    await aQueue(server, other.id);
    await aQueue(server, other.id);
    const greeting = { greetingMessage: 'Olá' };
    expect((await create(company.admin.token, { name: 'Um', color: '#111111', ...greeting })).status).toBe(
      200,
    );
    expect((await create(company.admin.token, { name: 'Dois', color: '#222222', ...greeting })).status).toBe(
      200,
    );
    const third = await create(company.admin.token, { name: 'Três', color: '#333333', ...greeting });
    expect(third).toMatchObject({ status: 403, body: { error: 'ERR_QUEUE_LIMIT_REACHED' } });
    const listed = await server.call(api.queues.list, {}, as(company.admin.token));
    expect((listed.body as QueueSummary[]).map((q) => q.name).sort()).toEqual(['Dois', 'Um']);
  });

  it('lets only one of two simultaneous creations take the last place of the plan', async () => {
    const [plan] = await server.database.db
      .insert(plans)
      .values({ name: `Uma fila ${randomBytes(3).toString('hex')}`, queues: 1 })
      .returning();
    const company = await aCompany(server, { planId: plan!.id });
    const results = await Promise.all([
      create(company.admin.token, { name: 'Alfa', color: '#a1a1a1', greetingMessage: 'Olá' }),
      create(company.admin.token, { name: 'Beta', color: '#b1b1b1', greetingMessage: 'Olá' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
  });
});

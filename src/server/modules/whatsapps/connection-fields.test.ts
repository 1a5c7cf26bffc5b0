import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import type { Connection, ConnectionDetail } from '../../../shared/api/whatsapps';
import { randomConnectionToken } from '../../../shared/connection-rules';
import { DEFAULT_SCHEDULES } from '../../../shared/schedules';
import { whatsapps } from '../../db/schema';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

/*
 * The connection dialog's fields (2-administration §2.3, §3): every tab's fields stored with the §9
 * defaults and the §5 rules, the greeting attachment and the token. WhatsApp connections made here get
 * the offline socket; nothing touches the network.
 */

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-connection-fields-'));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });
type Answer = { status: number; body: ConnectionDetail & { error?: string; issues?: Issue[] } };
type Issue = { path: string; message: string };

const create = async (token: string, body: Record<string, unknown>) =>
  (await server.call(api.whatsapps.create, { body: body as { name: string } }, as(token))) as Answer;
const update = async (token: string, id: number, body: Record<string, unknown>) =>
  (await server.call(api.whatsapps.update, { params: { id }, body }, as(token))) as Answer;
const show = async (token: string, id: number) =>
  (await server.call(api.whatsapps.show, { params: { id } }, as(token))) as Answer;

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** The refusal's issues as `path: message`, whatever their order. */
const issuesOf = (answer: Answer) =>
  (answer.body.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`).sort();

async function setCompanySetting(token: string, column: string, data: string) {
  const res = await server.call(api.settings.updateCompanySetting, { body: { column, data } }, as(token));
  expect(res.status).toBe(200);
}

describe('a new connection', () => {
  it('starts with the §9 defaults and a 30-character token that only its managers see', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const created = await create(company.admin.token, { name: 'Loja' });
    expect(created).toMatchObject({
      status: 200,
      body: {
        maxUseBotQueues: 3,
        maxUseBotQueuesNPS: 3,
        provider: 'beta',
        expiresTicket: 0,
        whenExpiresTicket: '0',
        groupAsTicket: 'disabled',
        timeUseBotQueues: 0,
        timeSendQueue: 0,
        sendIdQueue: null,
        expiresTicketNPS: 0,
        timeInactiveMessage: 0,
        enableImportMessage: false,
        importOldMessages: null,
        importOldMessagesGroups: false,
        closedTicketsPostImported: false,
        statusImportMessages: '',
        collectiveVacationStart: null,
        greetingMediaAttachment: null,
        promptId: null,
        schedules: DEFAULT_SCHEDULES,
      },
    });
    const { id, token } = created.body;
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    const another = await create(company.admin.token, { name: 'Outra' });
    expect(another.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(another.body.token).not.toBe(token);

    expect((await show(plain.token, id)).body).toMatchObject({ name: 'Loja', token: null });
    const listed = await server.call(api.whatsapps.list, {}, as(plain.token));
    expect(JSON.stringify(listed.body)).not.toContain(token!);
  });

  it('stores every field of every tab and answers them when the dialog opens again', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const sales = await aQueue(server, company.id, 'Vendas');
    const imports = await aQueue(server, company.id, 'Importados');
    const schedules = DEFAULT_SCHEDULES.map((day) =>
      day.weekdayEn === 'sunday'
        ? { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
        : day,
    );
    const fields = {
      name: 'Loja Centro',
      queueIds: [sales.id],
      greetingMessage: 'Olá!',
      complationMessage: 'Até logo',
      outOfHoursMessage: 'Estamos fechados',
      ratingMessage: 'Dê uma nota de 0 a 10',
      allowGroup: true,
      groupAsTicket: 'enabled',
      timeCreateNewTicket: 15,
      maxUseBotQueues: 4,
      timeUseBotQueues: 2,
      token: randomConnectionToken(),
      provider: 'beta',
      expiresTicket: 60,
      expiresInactiveMessage: 'Encerrado por inatividade',
      whenExpiresTicket: '1',
      timeInactiveMessage: 30,
      inactiveMessage: 'Ainda está aí?',
      timeSendQueue: 10,
      sendIdQueue: sales.id,
      expiresTicketNPS: 20,
      maxUseBotQueuesNPS: 2,
      collectiveVacationStart: daysFromNow(5),
      collectiveVacationEnd: daysFromNow(20),
      collectiveVacationMessage: 'Férias coletivas',
      enableImportMessage: true,
      importOldMessages: daysFromNow(-300),
      importRecentMessages: daysFromNow(-1),
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIdImportMessages: imports.id,
      integrationId: 7,
      promptId: 8,
      flowIdWelcome: 9,
      flowIdNotPhrase: 10,
      schedules,
    };
    const created = await create(token, fields);
    expect(created.status).toBe(200);
    const { queueIds: _, ...stored } = fields;
    expect((await show(token, created.body.id)).body).toMatchObject({
      ...stored,
      queues: [{ id: sales.id, name: 'Vendas', color: sales.color }],
    });
  });
});

describe('the token', () => {
  it('is replaced by a regenerated one and refuses anything but 30 letters and digits', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const { id } = (await create(token, { name: 'Loja' })).body;
    const fresh = randomConnectionToken();
    expect(await update(token, id, { token: fresh })).toMatchObject({ status: 200, body: { token: fresh } });
    for (const bad of ['curto', `${fresh.slice(1)}!`, `${fresh}x`]) {
      expect(await update(token, id, { token: bad })).toMatchObject({
        status: 400,
        body: { error: 'Invalid token' },
      });
    }
    expect((await show(token, id)).body.token).toBe(fresh);
  });
});

describe('the rules between fields (2-administration §5)', () => {
  it('requires the rating message and its expiry while the company rates attendances', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const before = await create(token, { name: 'Antes' });
    expect(before.status).toBe(200);
    await setCompanySetting(token, 'userRating', 'enabled');

    const refused = await create(token, { name: 'Loja' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'errorRatingMessage' } });
    expect(issuesOf(refused)).toEqual([
      'expiresTicketNPS: errorExpiresNPS',
      'ratingMessage: errorRatingMessage',
    ]);
    expect(await create(token, { name: 'Loja', ratingMessage: '  ', expiresTicketNPS: 30 })).toMatchObject({
      status: 400,
      body: { error: 'errorRatingMessage' },
    });
    const rated = await create(token, { name: 'Loja', ratingMessage: 'Nota?', expiresTicketNPS: 30 });
    expect(rated.status).toBe(200);
    expect(await update(token, rated.body.id, { expiresTicketNPS: 0 })).toMatchObject({
      status: 400,
      body: { error: 'errorExpiresNPS' },
    });
    // A connection saved before the rating was turned on is held to it at its next save.
    expect(await update(token, before.body.id, { name: 'Antes 2' })).toMatchObject({
      status: 400,
      body: { error: 'errorRatingMessage' },
    });
  });

  it('needs the redirect time and its queue together', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const queue = await aQueue(server, company.id);
    const noQueue = await create(token, { name: 'Loja', timeSendQueue: 10 });
    expect(issuesOf(noQueue)).toEqual(['sendIdQueue: errorSendQueue']);
    const noTime = await create(token, { name: 'Loja', sendIdQueue: queue.id });
    expect(issuesOf(noTime)).toEqual(['timeSendQueue: errorSendQueue']);
    expect(await create(token, { name: 'Loja', timeSendQueue: 0 })).toMatchObject({
      status: 200,
      body: { timeSendQueue: 0, sendIdQueue: null },
    });
    const both = await create(token, { name: 'Loja', timeSendQueue: 10, sendIdQueue: queue.id });
    expect(both).toMatchObject({ status: 200, body: { timeSendQueue: 10, sendIdQueue: queue.id } });
    // Checked on the connection as it will be: taking the queue away alone breaks the pair.
    expect(await update(token, both.body.id, { sendIdQueue: null })).toMatchObject({
      status: 400,
      body: { error: 'errorSendQueue' },
    });
    expect(await update(token, both.body.id, { sendIdQueue: null, timeSendQueue: 0 })).toMatchObject({
      status: 200,
      body: { timeSendQueue: 0, sendIdQueue: null },
    });
  });

  it('requires the closing time when an inactivity message is timed', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const refused = await create(token, { name: 'Loja', timeInactiveMessage: 5 });
    expect(issuesOf(refused)).toEqual(['expiresTicket: Required']);
    expect(
      await create(token, {
        name: 'Loja',
        timeInactiveMessage: 5,
        inactiveMessage: 'Oi?',
        expiresTicket: 30,
      }),
    ).toMatchObject({ status: 200 });
  });

  it('bounds the import dates (2 years back to now, the end after the start) and requires its queue', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const queue = await aQueue(server, company.id);
    const importing = { name: 'Loja', enableImportMessage: true };
    expect(issuesOf(await create(token, importing))).toEqual([
      'importOldMessages: Required',
      'importRecentMessages: Required',
      'queueIdImportMessages: Required',
    ]);
    const dated = (old: number, recent: number) => ({
      ...importing,
      queueIdImportMessages: queue.id,
      importOldMessages: daysFromNow(old),
      importRecentMessages: daysFromNow(recent),
    });
    expect(issuesOf(await create(token, dated(-3 * 365, -1)))).toEqual([
      'importOldMessages: Between 2 years ago and now',
    ]);
    expect(issuesOf(await create(token, dated(1, 2)))).toEqual([
      'importOldMessages: Between 2 years ago and now',
      'importRecentMessages: Between the start date and now',
    ]);
    expect(issuesOf(await create(token, dated(-10, -20)))).toEqual([
      'importRecentMessages: Between the start date and now',
    ]);
    expect(issuesOf(await create(token, dated(-10, 1)))).toEqual([
      'importRecentMessages: Between the start date and now',
    ]);
    const saved = await create(token, dated(-700, -1));
    expect(saved.status).toBe(200);
    // Stored dates that time has moved past the bounds do not block the next save.
    await server.database.db
      .update(whatsapps)
      .set({ importOldMessages: new Date(daysFromNow(-800)) })
      .where(eq(whatsapps.id, saved.body.id));
    expect(await update(token, saved.body.id, { name: 'Loja Nova' })).toMatchObject({ status: 200 });
    expect(await update(token, saved.body.id, { importOldMessages: daysFromNow(-790) })).toMatchObject({
      status: 400,
      body: { error: 'Between 2 years ago and now' },
    });
    // Import off: its fields are not required.
    expect(
      await update(token, saved.body.id, { enableImportMessage: false, queueIdImportMessages: null }),
    ).toMatchObject({
      status: 200,
    });
  });

  it('requires both vacation dates with a vacation message, from 10 days ago on', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const vacation = { name: 'Loja', collectiveVacationMessage: 'Férias!' };
    expect(issuesOf(await create(token, vacation))).toEqual([
      'collectiveVacationEnd: Required',
      'collectiveVacationStart: Required',
    ]);
    const dated = (start: number, end: number) => ({
      ...vacation,
      collectiveVacationStart: daysFromNow(start),
      collectiveVacationEnd: daysFromNow(end),
    });
    expect(issuesOf(await create(token, dated(-12, 5)))).toEqual([
      'collectiveVacationStart: Not before 10 days ago',
    ]);
    expect(issuesOf(await create(token, dated(10, 5)))).toEqual([
      'collectiveVacationEnd: End must be after start',
    ]);
    // Dates without a message are kept as they are.
    expect(await create(token, { name: 'Loja', collectiveVacationStart: daysFromNow(-30) })).toMatchObject({
      status: 200,
    });
    const saved = await create(token, dated(-9, 5));
    expect(saved.status).toBe(200);
    await server.database.db
      .update(whatsapps)
      .set({
        collectiveVacationStart: new Date(daysFromNow(-60)),
        collectiveVacationEnd: new Date(daysFromNow(-40)),
      })
      .where(eq(whatsapps.id, saved.body.id));
    expect(await update(token, saved.body.id, { greetingMessage: 'Oi' })).toMatchObject({ status: 200 });
  });

  it("refuses another company's queue for the redirect and the import", async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const foreign = await aQueue(server, other.id);
    const token = company.admin.token;
    expect(await create(token, { name: 'Loja', timeSendQueue: 5, sendIdQueue: foreign.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
    const { id } = (await create(token, { name: 'Loja' })).body;
    expect(
      await update(token, id, {
        enableImportMessage: true,
        importOldMessages: daysFromNow(-30),
        importRecentMessages: daysFromNow(-1),
        queueIdImportMessages: foreign.id,
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await show(token, id)).body).toMatchObject({
      enableImportMessage: false,
      queueIdImportMessages: null,
    });
  });

  it('keeps the connection’s service hours as HH:MM shifts', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const { id } = (await create(token, { name: 'Loja' })).body;
    const broken = DEFAULT_SCHEDULES.map((day, i) => (i === 0 ? { ...day, endTimeA: '25:00' } : day));
    expect(await update(token, id, { schedules: broken })).toMatchObject({
      status: 400,
      body: { error: 'HH:MM' },
    });
    const late = DEFAULT_SCHEDULES.map((day) => ({ ...day, startTimeB: '14:00', endTimeB: '22:30' }));
    expect(await update(token, id, { schedules: late })).toMatchObject({
      status: 200,
      body: { schedules: late },
    });
  });
});

/** POST /whatsapp/:id/media-upload as the dialog sends it: the multipart `file`. */
async function upload(id: number, token: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.whatsapps.uploadMedia.path, { id })}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as ConnectionDetail & { error?: string } };
}

const fetchMedia = (id: number, token: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api${buildPath(api.whatsapps.media.path, { id })}`,
    headers: { authorization: `Bearer ${token}` },
  });

const storedFiles = async (companyId: number) =>
  readdir(path.join(dataDir, 'media', `company${companyId}`)).catch(() => [] as string[]);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(8)]);

describe('the greeting attachment', () => {
  it('takes an image or a video, serves it to the company and removes the file it replaces', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const token = company.admin.token;
    const { id } = (await create(token, { name: 'Loja' })).body;

    const image = await upload(id, token, new File([PNG], 'boas-vindas.html', { type: 'image/png' }));
    expect(image.status).toBe(200);
    // The stored name follows the checked type, never the upload's name.
    expect(image.body.greetingMediaAttachment).toMatch(/\.png$/);
    const served = await fetchMedia(id, plain.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(PNG);

    const video = await upload(id, token, new File([MP4], 'video.mp4', { type: 'video/mp4' }));
    expect(video.body.greetingMediaAttachment).toMatch(/\.mp4$/);
    expect(await storedFiles(company.id)).toEqual([video.body.greetingMediaAttachment]);

    const removed = await server.call(api.whatsapps.removeMedia, { params: { id } }, as(token));
    expect(removed).toMatchObject({ status: 200, body: { greetingMediaAttachment: null } });
    expect(await storedFiles(company.id)).toEqual([]);
    expect((await fetchMedia(id, token)).statusCode).toBe(404);
  });

  it('refuses other files, a type its bytes deny, plain users and other companies', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const plain = await aUser(server, company.id);
    const token = company.admin.token;
    const { id } = (await create(token, { name: 'Loja' })).body;
    for (const file of [
      new File(['%PDF-1.4'], 'tabela.pdf', { type: 'application/pdf' }),
      new File(['<script>'], 'x.png', { type: 'image/png' }),
      new File(['not a video'], 'x.mp4', { type: 'video/mp4' }),
    ]) {
      expect(await upload(id, token, file)).toMatchObject({
        status: 400,
        body: { error: 'ERR_INVALID_FILE' },
      });
    }
    const png = new File([PNG], 'a.png', { type: 'image/png' });
    expect(await upload(id, plain.token, png)).toMatchObject({ status: 403 });
    expect(await upload(id, other.admin.token, png)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
    expect(await storedFiles(company.id)).toEqual([]);
    expect(await storedFiles(other.id)).toEqual([]);
    await upload(id, token, png);
    expect((await fetchMedia(id, other.admin.token)).statusCode).toBe(404);
  });

  it('goes with its connection', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const { id } = (await create(token, { name: 'Loja' })).body;
    await upload(id, token, new File([PNG], 'a.png', { type: 'image/png' }));
    expect(await storedFiles(company.id)).toHaveLength(1);
    expect(await server.call(api.whatsapps.remove, { params: { id } }, as(token))).toMatchObject({
      status: 200,
    });
    expect(await storedFiles(company.id)).toEqual([]);
  });
});

describe('the list', () => {
  it('says where an import stands on each row', async () => {
    const company = await aCompany(server);
    const { id } = (await create(company.admin.token, { name: 'Loja' })).body;
    await server.database.db
      .update(whatsapps)
      .set({ statusImportMessages: 'renderButtonCloseTickets' })
      .where(eq(whatsapps.id, id));
    const list = (await server.call(api.whatsapps.list, {}, as(company.admin.token))).body as Connection[];
    expect(list).toEqual([expect.objectContaining({ id, statusImportMessages: 'renderButtonCloseTickets' })]);
  });
});

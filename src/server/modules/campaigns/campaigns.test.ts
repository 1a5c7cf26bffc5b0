import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Campaign } from '../../../shared/api/campaigns';
import { buildPath } from '../../../shared/api/contract';
import {
  CAMPAIGN_SAFETY_DEFAULTS,
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignStatus,
} from '../../../shared/campaigns';
import { type CampaignEvent, events } from '../../../shared/realtime';
import { campaignSettings, campaigns, contactLists, contactTags, plans } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnection, aContact, aTag, collect, drain } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { readCampaignSenderSettings } from './settings';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-campaigns-'));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });
const HOUR = 60 * 60 * 1000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

/** A company with a connection, a contact list, a tag and a queue to point campaigns at. */
async function world() {
  const company = await aCompany(server);
  const connection = await aConnection(server, company.id, { name: 'Vendas' });
  const [list] = await server.database.db
    .insert(contactLists)
    .values({ companyId: company.id, name: 'Clientes' })
    .returning();
  const tag = await aTag(server, company.id, 'VIP');
  const queue = await aQueue(server, company.id, 'Suporte');
  return { company, token: company.admin.token, connection, list: list!, tag, queue };
}

async function create(token: string, body: Record<string, unknown>) {
  return server.call(api.campaigns.create, { body: body as never }, as(token));
}
async function created(token: string, body: Record<string, unknown>) {
  const res = await create(token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Campaign;
}
const update = (token: string, id: number, body: Record<string, unknown>) =>
  server.call(api.campaigns.update, { params: { id }, body: body as never }, as(token));

const setStatus = (id: number, status: CampaignStatus, scheduledAt: Date | null = null) =>
  server.database.db.update(campaigns).set({ status, scheduledAt }).where(eq(campaigns.id, id));

describe('campaigns CRUD', () => {
  it('creates one INATIVA with §4 defaults and the names of what it points at', async () => {
    const w = await world();
    const campaign = await created(w.token, { name: 'Black Friday', whatsappId: w.connection.id });
    expect(campaign).toMatchObject({
      name: 'Black Friday',
      status: 'INATIVA',
      confirmation: false,
      statusTicket: 'closed',
      openTicket: 'disabled',
      tagListId: null,
      contactListId: null,
      whatsapp: { id: w.connection.id, name: 'Vendas' },
    });
    const shown = await server.call(api.campaigns.show, { params: { id: campaign.id } }, as(w.token));
    expect(shown.body).toEqual(campaign);
  });

  it('is PROGRAMADA when saved with a time and an audience, INATIVA without either', async () => {
    const w = await world();
    const scheduledAt = inHours(3);
    const withList = await created(w.token, {
      name: 'Lista',
      whatsappId: w.connection.id,
      contactListId: w.list.id,
      scheduledAt,
    });
    expect(withList).toMatchObject({
      status: 'PROGRAMADA',
      contactList: { id: w.list.id, name: 'Clientes' },
    });
    expect(new Date(withList.scheduledAt!).getTime()).toBe(new Date(scheduledAt).getTime());
    const withTag = await created(w.token, {
      name: 'Tag',
      whatsappId: w.connection.id,
      tagListId: w.tag.id,
      scheduledAt,
    });
    expect(withTag.status).toBe('PROGRAMADA');
    const noAudience = await created(w.token, {
      name: 'Sem público',
      whatsappId: w.connection.id,
      scheduledAt,
    });
    expect(noAudience.status).toBe('INATIVA');
    const noTime = await created(w.token, {
      name: 'Sem hora',
      whatsappId: w.connection.id,
      contactListId: w.list.id,
    });
    expect(noTime.status).toBe('INATIVA');

    // Taking the time away makes it INATIVA again; a tag wins over a list.
    const res = await update(w.token, withList.id, {
      name: 'Lista',
      whatsappId: w.connection.id,
      contactListId: w.list.id,
      tagListId: w.tag.id,
      scheduledAt: '',
    });
    expect(res.body).toMatchObject({ status: 'INATIVA', contactListId: null, tagListId: w.tag.id });
  });

  it('answers §5 validation messages', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'A', whatsappId: w.connection.id }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(51), whatsappId: w.connection.id }, 'name', 'Too Long!'],
      [{ name: '', whatsappId: w.connection.id }, 'name', 'Required'],
      [{ name: 'Sem conexão' }, 'whatsappId', 'Required'],
      [
        { name: 'Usuário', whatsappId: w.connection.id, openTicket: 'enabled', userId: w.company.admin.id },
        'queueId',
        'Selecione uma fila',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(w.token, body);
      expect(res.status).toBe(400);
      const answer = res.body as { error: string; issues: { path: string; message: string }[] };
      expect(answer.error).toBe(message);
      expect(answer.issues[0]).toEqual({ path: field, message });
    }
  });

  it('keeps the ticket user and queue only when it opens tickets', async () => {
    const w = await world();
    const body = {
      name: 'Com ticket',
      whatsappId: w.connection.id,
      openTicket: 'enabled',
      statusTicket: 'open',
      userId: w.company.admin.id,
      queueId: w.queue.id,
    };
    const opening = await created(w.token, body);
    expect(opening).toMatchObject({
      openTicket: 'enabled',
      statusTicket: 'open',
      user: { id: w.company.admin.id },
      queue: { id: w.queue.id, name: 'Suporte' },
    });
    const res = await update(w.token, opening.id, { ...body, openTicket: 'disabled' });
    expect(res.body).toMatchObject({ openTicket: 'disabled', userId: null, queueId: null });
  });

  it('lists newest first with a search by name, 20 a page', async () => {
    const w = await world();
    for (let i = 1; i <= 21; i++) await created(w.token, { name: `Promo ${i}`, whatsappId: w.connection.id });
    await created(w.token, { name: 'Natal', whatsappId: w.connection.id });
    const first = await server.call(api.campaigns.list, { query: { searchParam: 'PROMO' } }, as(w.token));
    const page = first.body as { records: Campaign[]; count: number; hasMore: boolean };
    expect(page.count).toBe(21);
    expect(page.hasMore).toBe(true);
    expect(page.records[0]!.name).toBe('Promo 21');
    const second = await server.call(
      api.campaigns.list,
      { query: { searchParam: 'promo', pageNumber: 2 } },
      as(w.token),
    );
    expect(second.body).toMatchObject({ records: [{ name: 'Promo 1' }], hasMore: false });
  });

  it('refuses another company’s connection, list, tag, user and queue as absent', async () => {
    const w = await world();
    const other = await world();
    const base = { name: 'Alheia', whatsappId: w.connection.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ whatsappId: other.connection.id }, 'ERR_NO_WAPP_FOUND'],
      [{ contactListId: other.list.id }, 'ERR_NOT_FOUND'],
      [{ tagListId: other.tag.id }, 'ERR_NO_TAG_FOUND'],
      [{ openTicket: 'enabled', userId: other.company.admin.id, queueId: w.queue.id }, 'ERR_NO_USER_FOUND'],
      [{ openTicket: 'enabled', userId: w.company.admin.id, queueId: other.queue.id }, 'ERR_NO_QUEUE_FOUND'],
    ];
    for (const [fields, error] of cases) {
      const res = await create(w.token, { ...base, ...fields });
      expect(res).toMatchObject({ status: 404, body: { error } });
    }
    const mine = await created(w.token, base);
    const theirs = await server.call(api.campaigns.show, { params: { id: mine.id } }, as(other.token));
    expect(theirs).toMatchObject({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
    const listed = await server.call(api.campaigns.list, { query: {} }, as(other.token));
    expect(listed.body).toMatchObject({ count: 0 });
  });

  it('deletes one unless it is sending', async () => {
    const w = await world();
    const campaign = await created(w.token, { name: 'Apagar', whatsappId: w.connection.id });
    await setStatus(campaign.id, 'EM_ANDAMENTO', new Date());
    const refused = await server.call(api.campaigns.remove, { params: { id: campaign.id } }, as(w.token));
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_IN_PROGRESS' } });
    await setStatus(campaign.id, 'FINALIZADA', new Date());
    const removed = await server.call(api.campaigns.remove, { params: { id: campaign.id } }, as(w.token));
    expect(removed.status).toBe(200);
    const gone = await server.call(api.campaigns.show, { params: { id: campaign.id } }, as(w.token));
    expect(gone.status).toBe(404);
  });
});

describe('the edit lock (§4)', () => {
  const matrix: [CampaignStatus, number | null, boolean][] = [
    ['INATIVA', null, true],
    ['PROGRAMADA', 2, true],
    ['PROGRAMADA', 0.5, false],
    ['PROGRAMADA', -1, false],
    ['EM_ANDAMENTO', -1, false],
    ['CANCELADA', -1, true],
    ['FINALIZADA', -2, false],
  ];
  it.each(matrix)('%s scheduled in %s h: editable %s', async (status, hours, editable) => {
    const w = await world();
    const campaign = await created(w.token, { name: 'Trava', whatsappId: w.connection.id });
    await setStatus(campaign.id, status, hours === null ? null : new Date(Date.now() + hours * HOUR));
    const res = await update(w.token, campaign.id, { name: 'Trava 2', whatsappId: w.connection.id });
    const media = await server.call(api.campaigns.removeMedia, { params: { id: campaign.id } }, as(w.token));
    if (editable) {
      expect(res.status).toBe(200);
      expect(media.status).toBe(200);
    } else {
      expect(res).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_LOCKED' } });
      expect(media).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_LOCKED' } });
      const [row] = await server.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(row!.name).toBe('Trava');
    }
  });

  it('a CANCELADA campaign saves and stays CANCELADA', async () => {
    const w = await world();
    const campaign = await created(w.token, { name: 'Parada', whatsappId: w.connection.id });
    await setStatus(campaign.id, 'CANCELADA', new Date(Date.now() - HOUR));
    const res = await update(w.token, campaign.id, {
      name: 'Parada',
      whatsappId: w.connection.id,
      contactListId: w.list.id,
      scheduledAt: inHours(-1),
      message1: 'Olá {nome}',
    });
    expect(res.body).toMatchObject({ status: 'CANCELADA', message1: 'Olá {nome}' });
  });
});

/** POST a multipart `file` to the media route. */
async function upload(id: number, token: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.campaigns.uploadMedia.path, { id })}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as Campaign };
}

describe('campaign media', () => {
  it('uploads, serves and removes the attachment, for the company only', async () => {
    const w = await world();
    const other = await world();
    const campaign = await created(w.token, { name: 'Com arquivo', whatsappId: w.connection.id });
    const up = await upload(
      campaign.id,
      w.token,
      new File(['%PDF-1.4 promo'], 'promo.pdf', { type: 'application/pdf' }),
    );
    expect(up.status).toBe(200);
    expect(up.body.mediaName).toBe('promo.pdf');
    const url = `/api${buildPath(api.campaigns.media.path, { id: campaign.id })}`;
    const served = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(served.body).toBe('%PDF-1.4 promo');
    const foreign = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await upload(campaign.id, other.token, new File(['x'], 'x.pdf'))).status).toBe(404);
    const removed = await server.call(
      api.campaigns.removeMedia,
      { params: { id: campaign.id } },
      as(w.token),
    );
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    const after = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(after.statusCode).toBe(404);
  });
});

describe('campaign settings', () => {
  const settingsOf = async (token: string) =>
    Object.fromEntries(
      (
        (await server.call(api.campaigns.settings, {}, as(token))).body as { key: string; value: unknown }[]
      ).map((e) => [e.key, e.value]),
    );

  const ALL_DEFAULTS = { ...CAMPAIGN_SETTINGS_DEFAULTS, ...CAMPAIGN_SAFETY_DEFAULTS };

  it('answers §9 defaults and the safety defaults for every key never saved', async () => {
    const w = await world();
    expect(await settingsOf(w.token)).toEqual(ALL_DEFAULTS);
  });

  it('saves the safety settings, and the sender reads them', async () => {
    const w = await world();
    const safety = {
      jitterSeconds: 30,
      dailyLimit: 0,
      warmUp: false,
      optOutKeywords: ['CANCELAR', 'SAIR'],
      confirmationWaitHours: 48,
    };
    const res = await server.call(
      api.campaigns.saveSettings,
      { body: { ...safety, optOutKeywords: [' CANCELAR ', 'SAIR'] } },
      as(w.token),
    );
    expect(res.status).toBe(200);
    expect(await settingsOf(w.token)).toEqual({ ...CAMPAIGN_SETTINGS_DEFAULTS, ...safety });
    expect(await readCampaignSenderSettings(tenantDb(server.database.db, w.company.id))).toEqual({
      ...CAMPAIGN_SETTINGS_DEFAULTS,
      ...safety,
    });
  });

  it('refuses safety values out of range', async () => {
    const w = await world();
    for (const body of [
      { jitterSeconds: 601 },
      { jitterSeconds: -1 },
      { dailyLimit: -5 },
      { dailyLimit: 1.5 },
      { warmUp: 'sim' },
      { optOutKeywords: [] },
      { optOutKeywords: ['  '] },
      { optOutKeywords: ['x'.repeat(101)] },
      { optOutKeywords: Array.from({ length: 51 }, (_, i) => `P${i}`) },
      { confirmationWaitHours: 0 },
      { confirmationWaitHours: 721 },
    ]) {
      const res = await server.call(api.campaigns.saveSettings, { body: body as never }, as(w.token));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = res.body as { issues: { path: string }[] };
      expect(answer.issues[0]?.path, JSON.stringify(body)).toMatch(new RegExp(`^${Object.keys(body)[0]}`));
    }
    expect(await settingsOf(w.token)).toEqual(ALL_DEFAULTS);
  });

  it('saves every key, per company, and the sender reads them back', async () => {
    const w = await world();
    const other = await world();
    const saved = {
      messageInterval: 70,
      longerIntervalAfter: 40,
      greaterInterval: 180,
      variables: [{ key: 'loja', value: 'Centro' }],
      sabado: true,
      domingo: false,
      startHour: '08:30',
      endHour: '20:00',
    };
    const res = await server.call(api.campaigns.saveSettings, { body: saved }, as(w.token));
    expect(res.status).toBe(200);
    expect(await settingsOf(w.token)).toEqual({ ...CAMPAIGN_SAFETY_DEFAULTS, ...saved });
    expect(await readCampaignSenderSettings(tenantDb(server.database.db, w.company.id))).toMatchObject(saved);
    expect(await settingsOf(other.token)).toEqual(ALL_DEFAULTS);
    const rows = await server.database.db
      .select()
      .from(campaignSettings)
      .where(eq(campaignSettings.companyId, w.company.id));
    expect(rows).toHaveLength(13);
  });

  it('refuses values outside §9’s option lists', async () => {
    const w = await world();
    for (const body of [
      { messageInterval: 40 },
      { longerIntervalAfter: 25 },
      { greaterInterval: 10 },
      { greaterInterval: 190 },
      { startHour: '25:00' },
    ]) {
      const res = await server.call(api.campaigns.saveSettings, { body: body as never }, as(w.token));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await settingsOf(w.token)).toEqual(ALL_DEFAULTS);
  });

  it('reads a stored value the options refuse as the default', async () => {
    const w = await world();
    await server.database.db
      .insert(campaignSettings)
      .values({ companyId: w.company.id, key: 'messageInterval', value: 'rápido' });
    expect(
      (await readCampaignSenderSettings(tenantDb(server.database.db, w.company.id))).messageInterval,
    ).toBe(20);
  });
});

describe('who may use campaigns', () => {
  it('refuses plain users and companies whose plan lacks useCampaigns', async () => {
    const w = await world();
    const plain = await aUser(server, w.company.id);
    const asUser = await server.call(api.campaigns.list, { query: {} }, as(plain.token));
    expect(asUser.status).toBe(403);
    const [bare] = await server.database.db
      .insert(plans)
      .values({ name: 'sem campanhas', useCampaigns: false })
      .returning();
    const noPlan = await aCompany(server, { planId: bare!.id });
    for (const call of [
      server.call(api.campaigns.list, { query: {} }, as(noPlan.admin.token)),
      server.call(api.campaigns.settings, {}, as(noPlan.admin.token)),
    ]) {
      expect(await call).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    }
  });
});

describe('live updates on company-{id}-campaign', () => {
  it('tells the company’s sockets of create, update and delete, after commit', async () => {
    const w = await world();
    const outsider = await world();
    const socket = await server.socket(w.token);
    const outside = await server.socket(outsider.token);
    const received = collect<CampaignEvent>(socket, events.campaign(w.company.id));
    const leaked = collect<CampaignEvent>(outside, events.campaign(w.company.id));
    const campaign = await created(w.token, { name: 'Ao vivo', whatsappId: w.connection.id });
    await update(w.token, campaign.id, { name: 'Ao vivo 2', whatsappId: w.connection.id });
    await update(w.token, campaign.id, { name: 'A', whatsappId: w.connection.id }); // refused: no event
    await server.call(api.campaigns.remove, { params: { id: campaign.id } }, as(w.token));
    await drain(server, socket, w.company.id);
    expect(received.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(received[1]).toMatchObject({ record: { name: 'Ao vivo 2' } });
    expect(leaked).toEqual([]);
  });
});

describe('tag audiences', () => {
  it("counts the contacts carrying each tag as a campaign's audience (no groups), the company's own only", async () => {
    const w = await world();
    const other = await world();
    const empty = await aTag(server, w.company.id, 'Vazia');
    const people = [
      await aContact(server, w.company.id),
      await aContact(server, w.company.id),
      await aContact(server, w.company.id, { isGroup: true }),
    ];
    const stranger = await aContact(server, other.company.id);
    await server.database.db
      .insert(contactTags)
      .values([
        ...people.map((c) => ({ contactId: c.id, tagId: w.tag.id })),
        { contactId: stranger.id, tagId: other.tag.id },
      ]);
    const res = await server.call(api.campaigns.tagAudiences, {}, as(w.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { tagId: w.tag.id, contacts: 2 },
        { tagId: empty.id, contacts: 0 },
      ]),
    );
    expect(res.body).toHaveLength(2);
  });
});

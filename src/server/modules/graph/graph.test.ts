import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type { Connection, ConnectionDetail } from '../../../shared/api/whatsapps';
import { companies, plans, whatsapps } from '../../db/schema';
import { aConnection } from '../../test/builders';
import { FakeGraph, type FakePage } from '../../test/fake-graph';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
const graph = new FakeGraph();
beforeAll(async () => {
  await graph.start();
  server = await startTestServer({
    graph: {
      url: graph.url,
      version: 'v21.0',
      appId: graph.appId,
      appSecret: graph.appSecret,
      verifyToken: 'verify',
    },
  });
});
afterAll(async () => {
  await server.stop();
  await graph.stop();
});

const hex = (n = 6) => randomBytes(n).toString('hex');
const digits = () => String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));

function aPage(name: string, instagram?: string): FakePage {
  return {
    id: digits(),
    name,
    token: `page-${hex()}`,
    ...(instagram ? { instagram: { id: digits(), username: instagram } } : {}),
  };
}

const aFacebookUser = (pages: FakePage[]) => graph.addUser({ id: digits(), token: `user-${hex()}`, pages });

const connectFacebook = (token: string, user: { id: string; token: string }, addInstagram = false) =>
  server.call(
    api.graph.connectFacebook,
    { body: { facebookUserId: user.id, facebookUserToken: user.token, addInstagram } },
    { token },
  );

const rowsOf = (companyId: number) =>
  server.database.db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId));

async function onPlan(companyId: number, fields: Partial<typeof plans.$inferInsert>) {
  const [plan] = await server.database.db
    .insert(plans)
    .values({ name: `Plano ${hex(3)}`, ...fields })
    .returning();
  await server.database.db.update(companies).set({ planId: plan!.id }).where(eq(companies.id, companyId));
}

const statusBecomes = (id: number, status: string) =>
  vi.waitFor(async () => {
    const [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, id));
    expect(row?.status).toBe(status);
  });

describe('POST /facebook', () => {
  it('makes one Facebook connection per page of the user, reading every page of the answer', async () => {
    graph.pageSize = 2;
    const company = await aCompany(server);
    const pages = [aPage('Loja Centro'), aPage('Loja Norte'), aPage('Loja Sul')];
    const user = aFacebookUser(pages);
    const res = await connectFacebook(company.admin.token, user);
    graph.pageSize = 25;
    expect(res.status).toBe(200);
    expect((res.body as Connection[]).map((c) => [c.name, c.channel])).toEqual([
      ['Loja Centro', 'facebook'],
      ['Loja Norte', 'facebook'],
      ['Loja Sul', 'facebook'],
    ]);
    const rows = await rowsOf(company.id);
    expect(rows.map((r) => [r.facebookPageId, r.graphToken, r.isDefault])).toEqual(
      expect.arrayContaining([
        [pages[0]!.id, pages[0]!.token, true],
        [pages[1]!.id, pages[1]!.token, false],
        [pages[2]!.id, pages[2]!.token, false],
      ]),
    );
    // Each has a connection token of its own (2-administration §9).
    expect(new Set(rows.map((r) => r.token)).size).toBe(3);
    for (const row of rows) expect(row.token).toMatch(/^[A-Za-z0-9]{30}$/);
    for (const row of rows) await statusBecomes(row.id, 'CONNECTED');
    // Each page is subscribed to this app's webhooks with its own token.
    const subscribed = graph.calls.find((c) => c.path === `${pages[1]!.id}/subscribed_apps`);
    expect(subscribed).toMatchObject({ method: 'POST', token: pages[1]!.token });
    expect(String(subscribed?.body.subscribed_fields)).toContain('messages');
    // The pages were read with a long-lived token made from the login's.
    const exchange = graph.calls.find(
      (c) => c.path === 'oauth/access_token' && c.query.fb_exchange_token === user.token,
    );
    expect(exchange?.query).toMatchObject({ grant_type: 'fb_exchange_token', client_id: graph.appId });
    const accounts = graph.calls.filter((c) => c.path === `${user.id}/accounts`);
    expect(accounts).toHaveLength(2);
    expect(accounts.every((c) => c.token?.startsWith('long-'))).toBe(true);
    // The tokens never leave the server.
    expect(JSON.stringify(res.body)).not.toContain('page-');
  });

  it('makes Instagram connections of the business accounts linked to the pages', async () => {
    const company = await aCompany(server);
    const linked = aPage('Loja Centro', 'loja.centro');
    const user = aFacebookUser([linked, aPage('Sem Instagram')]);
    const res = await connectFacebook(company.admin.token, user, true);
    expect(res.status).toBe(200);
    expect((res.body as Connection[]).map((c) => [c.name, c.channel])).toEqual([
      ['loja.centro', 'instagram'],
    ]);
    const [row] = await rowsOf(company.id);
    expect(row).toMatchObject({
      channel: 'instagram',
      facebookPageId: linked.id,
      instagramAccountId: linked.instagram!.id,
      graphToken: linked.token,
    });
    await statusBecomes(row!.id, 'CONNECTED');
  });

  it('connecting the same pages again renews their tokens and makes no copies', async () => {
    const company = await aCompany(server);
    const page = aPage('Loja');
    const user = aFacebookUser([page]);
    await connectFacebook(company.admin.token, user);
    await server.call(
      api.whatsapps.update,
      { params: { id: (await rowsOf(company.id))[0]!.id }, body: { name: 'Nome escolhido' } },
      { token: company.admin.token },
    );
    page.token = `page-${hex()}`;
    const again = await connectFacebook(company.admin.token, user);
    expect(again.status).toBe(200);
    const rows = await rowsOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Nome escolhido', graphToken: page.token });
  });

  it('leaves out a page another company has connected, and refuses when that was the only one', async () => {
    const first = await aCompany(server);
    const second = await aCompany(server);
    const shared = aPage('Página disputada');
    const own = aPage('Página própria');
    await connectFacebook(first.admin.token, aFacebookUser([shared]));
    const both = await connectFacebook(second.admin.token, aFacebookUser([shared, own]));
    expect((both.body as Connection[]).map((c) => c.name)).toEqual(['Página própria']);
    const third = await aCompany(server);
    expect(await connectFacebook(third.admin.token, aFacebookUser([shared]))).toMatchObject({
      status: 409,
      body: { error: 'ERR_CHANNEL_ACCOUNT_IN_USE' },
    });
    expect((await rowsOf(first.id)).map((r) => r.name)).toEqual(['Página disputada']);
  });

  it('follows the plan: useFacebook and useInstagram, and the connection limit, creating nothing otherwise', async () => {
    const company = await aCompany(server);
    const user = aFacebookUser([aPage('A', 'a.insta'), aPage('B', 'b.insta')]);
    await onPlan(company.id, { useFacebook: false, connections: 10 });
    expect(await connectFacebook(company.admin.token, user)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await connectFacebook(company.admin.token, user, true)).status).toBe(200);
    await server.database.db.delete(whatsapps).where(eq(whatsapps.companyId, company.id));
    await onPlan(company.id, { useInstagram: false, connections: 10 });
    expect((await connectFacebook(company.admin.token, user, true)).status).toBe(403);
    await onPlan(company.id, { connections: 2 });
    await aConnection(server, company.id, { channel: 'test' });
    expect(await connectFacebook(company.admin.token, user)).toMatchObject({
      status: 403,
      body: { error: 'ERR_CONNECTION_LIMIT_REACHED' },
    });
    expect(await rowsOf(company.id)).toHaveLength(1);
  });

  it('says so when the user has no pages, or no Instagram accounts, or the token is refused', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    expect(await connectFacebook(token, aFacebookUser([]))).toMatchObject({
      status: 400,
      body: { error: 'ERR_FACEBOOK_NO_PAGES' },
    });
    expect(await connectFacebook(token, aFacebookUser([aPage('Só Facebook')]), true)).toMatchObject({
      status: 400,
      body: { error: 'ERR_INSTAGRAM_NO_ACCOUNTS' },
    });
    expect(await connectFacebook(token, { id: digits(), token: 'expired' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_CREDENTIALS' },
    });
    expect(
      await server.call(
        api.graph.connectFacebook,
        { body: { facebookUserId: '1', facebookUserToken: ' ' } },
        { token },
      ),
    ).toMatchObject({ status: 400, body: { error: 'Required' } });
    expect(await rowsOf(company.id)).toEqual([]);
  });

  it('is for those who may add connections', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    expect((await connectFacebook(user.token, aFacebookUser([aPage('X')]))).status).toBe(403);
    const allowed = await aUser(server, company.id, { allowConnections: 'enabled' });
    expect((await connectFacebook(allowed.token, aFacebookUser([aPage('Y')]))).status).toBe(200);
  });
});

describe('WhatsApp Cloud API connections', () => {
  const aPhone = () =>
    graph.addPhone({ id: digits(), token: `cloud-${hex()}`, display: '+55 11 4004-1234', wabaId: digits() });

  const create = (token: string, body: Record<string, unknown>) =>
    server.call(api.whatsapps.create, { body: body as { name: string } }, { token });

  it('are made from a phone number id, a business account id and a token, and connect with the number', async () => {
    const company = await aCompany(server);
    const phone = aPhone();
    const res = await create(company.admin.token, {
      name: 'Central',
      channel: 'whatsappapi',
      cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: phone.token },
    });
    expect(res.status).toBe(200);
    const detail = res.body as ConnectionDetail;
    expect(detail).toMatchObject({
      channel: 'whatsappapi',
      cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId },
    });
    expect(JSON.stringify(detail)).not.toContain(phone.token);
    await statusBecomes(detail.id, 'CONNECTED');
    const [row] = await rowsOf(company.id);
    expect(row).toMatchObject({ number: '551140041234', graphToken: phone.token });
    expect(
      graph.calls.some((c) => c.path === `${phone.wabaId}/subscribed_apps` && c.token === phone.token),
    ).toBe(true);
  });

  it('need the token on creation, digits for the ids, and a number no other connection has', async () => {
    const company = await aCompany(server);
    const phone = aPhone();
    const token = company.admin.token;
    expect(
      await create(token, {
        name: 'Sem token',
        channel: 'whatsappapi',
        cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: '' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'Required' } });
    expect(
      await create(token, {
        name: 'Letras',
        channel: 'whatsappapi',
        cloudApi: { phoneNumberId: 'abc', wabaId: phone.wabaId, token: 'x' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'Digits only' } });
    const body = {
      name: 'Central',
      channel: 'whatsappapi',
      cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: phone.token },
    };
    expect((await create(token, body)).status).toBe(200);
    const other = await aCompany(server);
    expect(await create(other.admin.token, body)).toMatchObject({
      status: 409,
      body: { error: 'ERR_CHANNEL_ACCOUNT_IN_USE' },
    });
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it('start over with a new token, and stay disconnected while the token is refused', async () => {
    const company = await aCompany(server);
    const phone = aPhone();
    const res = await create(company.admin.token, {
      name: 'Central',
      channel: 'whatsappapi',
      cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: 'wrong-token' },
    });
    const { id } = res.body as ConnectionDetail;
    await statusBecomes(id, 'DISCONNECTED');
    const saved = await server.call(
      api.whatsapps.update,
      {
        params: { id },
        body: { cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: phone.token } },
      },
      { token: company.admin.token },
    );
    expect(saved.status).toBe(200);
    await statusBecomes(id, 'CONNECTED');
    // An empty token keeps the stored one.
    await server.call(
      api.whatsapps.update,
      { params: { id }, body: { cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: '' } } },
      { token: company.admin.token },
    );
    const [row] = await server.database.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.id, id)));
    expect(row?.graphToken).toBe(phone.token);
  });

  it('are WhatsApp under the plan: useWhatsapp', async () => {
    const company = await aCompany(server);
    await onPlan(company.id, { useWhatsapp: false });
    const phone = aPhone();
    expect(
      await create(company.admin.token, {
        name: 'Central',
        channel: 'whatsappapi',
        cloudApi: { phoneNumberId: phone.id, wabaId: phone.wabaId, token: phone.token },
      }),
    ).toMatchObject({ status: 403 });
  });
});

describe('the Facebook login settings', () => {
  it('tells the browser the configured app id and Graph API version without a sign-in', async () => {
    const appId = await server.call(api.settings.showPublic, { params: { key: 'facebookAppId' }, query: {} });
    expect(appId).toMatchObject({ status: 200, body: graph.appId });
    const version = await server.call(api.settings.showPublic, {
      params: { key: 'facebookApiVersion' },
      query: {},
    });
    expect(version.body).toBe('v21.0');
  });
});

import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_GRAPH } from '../../playwright.config';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

/*
 * The journey server starts a fake Graph API beside itself (E2E_FAKE_GRAPH_PORT) and has no Facebook app
 * id configured, so the Facebook entry of the new-connection menu opens the paste-a-token dialog.
 */

const id = unique();
const admin = { email: `graph-${id}@e2e.test`, password: 'graph-12345' };
const facebookUser = { id: `7${Date.now()}`, token: `user-token-${id}` };
const page = { id: `1${Date.now()}`, name: `Loja Graph ${id}`, token: `page-token-${id}` };
const joana = { psid: `2${Date.now()}`, name: `Joana ${id}` };
const rafael = { psid: `3${Date.now()}`, name: `Rafael ${id}` };

let request: APIRequestContext;

test.beforeAll(async ({ playwright }, testInfo) => {
  request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, name: 'Gil Graph', profile: 'admin' });
  await call('POST', '/api/queue', { name: 'Vendas', color: '#6a1b9a' });
  const fake = async (path: string, data: object) =>
    expect((await request.post(`${E2E_GRAPH.url}${path}`, { data })).ok()).toBeTruthy();
  await fake('/_fake/users', { ...facebookUser, pages: [page] });
  await fake('/_fake/profiles', { id: joana.psid, first_name: 'Joana', last_name: id });
  await fake('/_fake/profiles', { id: rafael.psid, first_name: 'Rafael', last_name: id });
});

/** What Meta would POST for a message from `psid` to the page, signed with the app secret. */
async function messageFromContact(psid: string, text: string, timestamp = Date.now()) {
  const body = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: page.id,
        time: Date.now(),
        messaging: [
          {
            sender: { id: psid },
            recipient: { id: page.id },
            timestamp,
            message: { mid: `m_${psid}_${timestamp}`, text },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', E2E_GRAPH.appSecret).update(body).digest('hex')}`;
  const res = await request.post('/api/webhooks/meta', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
  expect(res.status()).toBe(200);
}

/** The texts the page sent through the fake's Send API. */
async function sentTexts() {
  const calls = (await (await request.get(`${E2E_GRAPH.url}/_fake/calls`)).json()) as {
    method: string;
    path: string;
    body: { recipient?: { id: string }; message?: { text?: string } };
  }[];
  return calls
    .filter((c) => c.method === 'POST' && c.path === `${page.id}/messages` && c.body.message?.text)
    .map((c) => ({ to: c.body.recipient?.id, text: c.body.message?.text }));
}

async function acceptWaiting(browserPage: Page, name: string) {
  await browserPage.getByRole('tab', { name: 'Aguardando' }).click();
  await browserPage.getByRole('button', { name: `Aceitar atendimento de ${name}` }).click();
  const accept = browserPage.getByRole('dialog', { name: 'Aceitar atendimento' });
  await accept.getByRole('combobox', { name: 'Fila' }).click();
  await browserPage.getByRole('option', { name: 'Vendas' }).click();
  await accept.getByRole('button', { name: 'Aceitar' }).click();
  await expect(browserPage).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
}

test('connect a Facebook page with a pasted token, receive a message through its signed webhook and answer it; the 24 h window closes the composer', async ({
  page: browserPage,
}) => {
  await logIn(browserPage, admin.email, admin.password);
  await browserPage
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Conexões' })
    .click();
  await browserPage.getByRole('button', { name: 'Adicionar conexão' }).click();
  await browserPage.getByRole('menuitem', { name: 'Facebook' }).click();
  const dialog = browserPage.getByRole('dialog', { name: 'Conectar páginas do Facebook' });
  await dialog.getByRole('button', { name: 'Conectar' }).click();
  await expect(dialog.getByText('Obrigatório').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'ID do usuário do Facebook' }).fill(facebookUser.id);
  await dialog.getByRole('textbox', { name: 'Token de acesso do usuário' }).fill(facebookUser.token);
  await dialog.getByRole('button', { name: 'Conectar' }).click();
  await expect(dialog).toBeHidden();
  const row = browserPage
    .getByRole('table', { name: 'Conexões' })
    .getByRole('row', { name: new RegExp(page.name) });
  await expect(row.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(row.getByLabel('facebook')).toBeVisible();

  // Joana writes to the page: Meta's signed webhook brings her message in, with her profile name.
  await messageFromContact(joana.psid, 'Oi, vocês entregam no sábado?');
  await browserPage.goto('/tickets');
  await acceptWaiting(browserPage, joana.name);
  const messages = browserPage.getByRole('log', { name: 'Mensagens' });
  await expect(messages.getByText('Oi, vocês entregam no sábado?')).toBeVisible();
  await expect(browserPage.getByText(/só é possível responder até 24 h/)).toHaveCount(0);
  const composer = browserPage.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Entregamos sim, até as 14h.');
  await composer.press('Enter');
  await expect(messages.getByText('Entregamos sim, até as 14h.')).toBeVisible();
  // The Send API got it for Joana (signed with the attendant's name, the default).
  await expect
    .poll(sentTexts)
    .toEqual([{ to: joana.psid, text: expect.stringContaining('Entregamos sim, até as 14h.') }]);

  // Rafael last wrote 25 hours ago: the banner shows and the composer writes private notes only.
  await messageFromContact(rafael.psid, 'Vocês têm em azul?', Date.now() - 25 * 60 * 60 * 1000);
  await browserPage.goto('/tickets');
  await acceptWaiting(browserPage, rafael.name);
  await expect(browserPage.getByText(/só é possível responder até 24 h/)).toBeVisible();
  await expect(
    browserPage.getByRole('status').filter({ hasText: 'Já se passaram mais de 24 h' }),
  ).toBeVisible();
  await expect(browserPage.getByRole('button', { name: 'Nota privada' })).toBeDisabled();
  await expect(browserPage.getByRole('textbox', { name: 'Mensagem' })).toHaveAttribute(
    'placeholder',
    'Nota privada: só a equipe vê',
  );
});

import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, unique } from './helpers';

/*
 * The external messages API (3-automation §2 /messages-api): another program sends through a connection's
 * token and the inbox shows the message live; the page documents the endpoint and sends a test.
 */

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const token = `e2e${unique()}${unique()}`;
const id = unique();
const rita = { name: `Rita ${id}`, email: `rita-${id}@e2e.test`, password: 'rita-12345' };
let ritaId: number;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  ritaId = (await call<{ id: number }>('POST', '/api/users', { ...rita, profile: 'admin' })).id;
  connectionId = (
    await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja', token })
  ).id;
});

const sent = () => call<SentRecord[]>('GET', `/api/test-channel/${connectionId}/sent`);

test('a message sent through the external API appears live in the inbox of the user it names', async ({
  page,
  request,
}) => {
  await logIn(page, rita.email, rita.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  await page.getByRole('tab', { name: 'Atendendo' }).click();

  const number = aPhone();
  const res = await request.post('/api/messages/send', {
    headers: { authorization: `Bearer ${token}` },
    data: { number, body: 'Seu pedido saiu para entrega', userId: ritaId },
  });
  expect(await res.json()).toEqual({ status: 'SUCCESS' });

  const item = page
    .getByRole('list', { name: 'Lista de atendimentos' })
    .getByRole('listitem', { name: number });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Seu pedido saiu para entrega');
  await item.click();
  await expect(
    page.getByRole('log', { name: 'Mensagens' }).getByText('Seu pedido saiu para entrega'),
  ).toBeVisible();
  expect((await sent()).map((s) => s.body)).toContain('Seu pedido saiu para entrega');

  // A wrong token sends nothing.
  const refused = await request.post('/api/messages/send', {
    headers: { authorization: `Bearer ${token}-wrong` },
    data: { number, body: 'Não deve sair' },
  });
  expect(refused.status()).toBe(403);
  expect((await sent()).map((s) => s.body)).not.toContain('Não deve sair');
});

test('the messages API page documents the endpoint and sends a test message', async ({ page }) => {
  await logIn(page, rita.email, rita.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'API', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'API de mensagens' })).toBeVisible();
  await expect(page.getByText(/POST http:\/\/127\.0\.0\.1:\d+\/api\/messages\/send/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Campos' }).getByRole('row')).toHaveCount(8);

  const form = page.getByRole('region', { name: 'Teste de envio' });
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(form.getByText('Obrigatório').first()).toBeVisible();

  await form.getByLabel('Token da conexão').fill(`${token}-wrong`);
  await form.getByRole('textbox', { name: 'Número' }).fill(aPhone());
  await form.getByRole('textbox', { name: 'Mensagem' }).fill('Teste pela página');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByText('Token inválido: use o token de uma conexão desta empresa.').first(),
  ).toBeVisible();

  await form.getByLabel('Token da conexão').fill(token);
  await form.getByRole('combobox', { name: 'Usuário (userId)' }).click();
  await page.getByRole('option', { name: rita.name }).click();
  await form.getByText('Encerrar o atendimento após o envio (closeTicket)').click();
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Mensagem enviada!')).toBeVisible();
  await expect(form.getByText('"status": "SUCCESS"')).toBeVisible();
  expect((await sent()).map((s) => s.body)).toContain('Teste pela página');
});

import { type Browser, expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const admin = { name: `Lia ${id}`, email: `lia-${id}@e2e.test`, password: 'lia-12345' };
const bia = { name: `Bia ${id}`, email: `bia-${id}@e2e.test`, password: 'bia-12345' };
const customer = { from: aPhone(), name: `Rui ${id}` };
const queueName = `Vendas ${id}`;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('PUT', '/api/companySettings', { column: 'DirectTicketsToWallets', data: 'enabled' });
  const vendas = await call<{ id: number }>('POST', '/api/queue', { name: queueName, color: '#2e7d32' });
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  await call('POST', '/api/users', { ...bia, profile: 'user', queueIds: [vendas.id] });
  await call('POST', '/api/contacts', { name: customer.name, number: customer.from });
  connectionId = (await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' })).id;
});

async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  return page;
}

test("an admin puts a contact in an attendant's wallet, and the contact's next message goes straight to her", async ({
  browser,
}) => {
  const adminPage = await signedIn(browser, admin);
  await adminPage.goto('/contacts');
  await adminPage.getByRole('searchbox', { name: 'Pesquisar' }).fill(customer.name);
  await adminPage.getByRole('button', { name: `Editar ${customer.name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Editar contato' });
  await expect(dialog.getByRole('heading', { name: 'Carteira' })).toBeVisible();
  // The queue waits for an attendant: without one there is no wallet.
  await expect(dialog.getByRole('combobox', { name: 'Fila da carteira' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await dialog.getByRole('combobox', { name: 'Atendente da carteira' }).click();
  await adminPage.getByRole('option', { name: bia.name }).click();
  await dialog.getByRole('combobox', { name: 'Fila da carteira' }).click();
  await adminPage.getByRole('option', { name: queueName }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(adminPage.getByText('Contato salvo com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await adminPage.getByRole('button', { name: `Editar ${customer.name}` }).click();
  await expect(dialog.getByRole('combobox', { name: 'Atendente da carteira' })).toHaveText(bia.name);
  await expect(dialog.getByRole('combobox', { name: 'Fila da carteira' })).toHaveText(queueName);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Bia waits; the customer writes; the ticket arrives in her waiting list, hers, in the wallet's queue.
  const biaPage = await signedIn(browser, bia);
  await biaPage.goto('/tickets');
  await biaPage.getByRole('tab', { name: 'Aguardando' }).click();
  await expect(biaPage.getByText('Nada aqui!')).toBeVisible();
  await call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body: 'Oi, é o Rui' });
  const item = biaPage
    .getByRole('list', { name: 'Lista de atendimentos' })
    .getByRole('listitem', { name: customer.name });
  await expect(item).toBeVisible();
  await expect(item).toContainText(queueName);

  // Her wallet's queue is known: accepting opens the chat at once.
  await biaPage.getByRole('button', { name: `Aceitar atendimento de ${customer.name}` }).click();
  await expect(biaPage).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(biaPage.getByRole('log', { name: 'Mensagens' }).getByText('Oi, é o Rui')).toBeVisible();
});

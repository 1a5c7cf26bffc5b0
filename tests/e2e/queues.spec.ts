import { type Browser, expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const rita = { name: `Rita ${id}`, email: `rita-${id}@e2e.test`, password: 'rita-12345' };
const caio = { name: `Caio ${id}`, email: `caio-${id}@e2e.test`, password: 'caio-12345' };
const customer = {
  from: aPhone(),
  name: `Dora ${id}`,
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...rita, profile: 'admin' });
  // Caio sees only tickets of his queues (no allTicket), and has none yet.
  await call('POST', '/api/users', { ...caio, profile: 'user' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  connectionId = connection.id;
});

async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  return page;
}

async function waitingTickets(page: Page) {
  await page.goto('/tickets');
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  return page
    .getByRole('list', { name: 'Lista de atendimentos' })
    .getByRole('listitem', { name: customer.name });
}

test("create a queue, assign it to a user, and see that user's inbox change", async ({ browser }) => {
  const admin = await signedIn(browser, rita);
  const menu = admin.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: 'Filas' }).click();
  await expect(admin.getByRole('heading', { name: 'Filas' })).toBeVisible();
  await expect(admin.getByText('Nenhuma fila')).toBeVisible();

  // The first queue needs no greeting.
  await admin.getByRole('button', { name: 'Adicionar fila' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Adicionar fila' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Financeiro');
  await dialog.getByRole('textbox', { name: 'Cor', exact: true }).fill('#2e7d32');
  await dialog.getByRole('switch', { name: 'Rodízio entre os atendentes' }).check();
  await dialog.getByRole('combobox', { name: 'Tempo de rodízio' }).click();
  await admin.getByRole('option', { name: '15 minutos' }).click();
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();
  const table = admin.getByRole('table', { name: 'Filas' });
  await expect(table.getByRole('row', { name: /Financeiro/ })).toContainText('#2e7d32');

  // The second one does (2-administration §5), and a colour is never used twice.
  await admin.getByRole('button', { name: 'Adicionar fila' }).click();
  dialog = admin.getByRole('dialog', { name: 'Adicionar fila' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Cobrança');
  await dialog.getByRole('textbox', { name: 'Cor', exact: true }).fill('#2e7d32');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(
    dialog.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill('Bem-vindo à cobrança');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog.getByText('Esta cor já está em uso; escolha outra.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Cor', exact: true }).fill('#c62828');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /Cobrança/ })).toContainText('Bem-vindo à cobrança');

  // A customer writes; the conversation waits in Financeiro.
  const queues = await call<{ id: number; name: string }[]>('GET', '/api/queue');
  const financeiro = queues.find((q) => q.name === 'Financeiro')!;
  const { ticketId } = await call<{ ticketId: number }>('POST', `/api/test-channel/${connectionId}/inbound`, {
    ...customer,
    body: 'Preciso da segunda via do boleto',
  });
  await call('PUT', `/api/tickets/${ticketId}`, { queueId: financeiro.id });

  // Caio has no queue: the queues screen is not his, and the waiting ticket is not in his inbox.
  const user = await signedIn(browser, caio);
  await expect(
    user.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Filas' }),
  ).toHaveCount(0);
  await user.goto('/queues');
  await expect(user.getByText('Sem permissão')).toBeVisible();
  let item = await waitingTickets(user);
  await expect(user.getByText('Nada aqui!')).toBeVisible();
  await expect(item).toHaveCount(0);

  // Rita puts Caio in Financeiro from the users screen.
  await menu.getByRole('link', { name: 'Usuários' }).click();
  await admin.getByRole('button', { name: `Editar ${caio.name}` }).click();
  const userDialog = admin.getByRole('dialog', { name: 'Editar usuário' });
  await userDialog.getByRole('combobox', { name: 'Filas' }).click();
  await admin.getByRole('option', { name: 'Financeiro' }).click();
  await admin.keyboard.press('Escape');
  await userDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(userDialog).toBeHidden();

  // Now the conversation is in Caio's inbox.
  item = await waitingTickets(user);
  await expect(item).toBeVisible();
  await expect(item).toContainText('Financeiro');
});

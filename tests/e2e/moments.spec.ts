import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

// 2-administration §2.13: the real-time panel updates live when a ticket is accepted.

let seeded: Awaited<ReturnType<typeof aCompanyWithAdmin>>;
let ticketId = 0;
const id = unique();
const customer = `Cliente ${id}`;
// Another attendant accepts: the admin's own sign-in in the browser ends its API session.
const bia = { name: `Bia ${id}`, email: `bia-${id}@e2e.test`, password: 'bia-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  seeded = await aCompanyWithAdmin(request);
  await seeded.call('POST', '/api/users', { ...bia, profile: 'user', allTicket: 'enable' });
  const connection = await seeded.call<{ id: number }>('POST', '/api/test-channel/connections', {
    name: 'Loja',
  });
  const res = await seeded.call<{ ticketId: number }>('POST', `/api/test-channel/${connection.id}/inbound`, {
    from: aPhone(),
    name: customer,
    body: 'Quero falar com alguém sobre o meu pedido de ontem',
  });
  ticketId = res.ticketId;
});

test('the panel moves a ticket from waiting to its attendant live when it is accepted', async ({
  page,
  request,
}) => {
  await logIn(page, seeded.admin.email, seeded.admin.password);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Painel em tempo real').click();
  await expect(page).toHaveURL(/\/moments$/);
  const waiting = page.getByRole('region', { name: 'Aguardando' });
  const biaColumn = page.getByRole('region', { name: bia.name });
  await expect(waiting.getByTestId(`moment-${ticketId}`)).toContainText(customer);
  // The last message cut at 30 characters.
  await expect(waiting.getByTestId(`moment-${ticketId}`)).toContainText('Quero falar com alguém sobre o…');
  await expect(biaColumn.getByTestId(`moment-${ticketId}`)).toHaveCount(0);

  const login = await request.post('/api/auth/login', { data: { email: bia.email, password: bia.password } });
  const { token } = (await login.json()) as { token: string };
  const accepted = await request.put(`/api/tickets/${ticketId}`, {
    data: { status: 'open' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(accepted.ok()).toBeTruthy();
  await expect(biaColumn.getByTestId(`moment-${ticketId}`)).toBeVisible();
  // Time in service counts from the acceptance, not from the ticket's creation or last message.
  await expect(biaColumn.getByTestId(`moment-${ticketId}`)).toContainText(
    'Em atendimento há menos de 1 minuto',
  );
  await expect(waiting.getByTestId(`moment-${ticketId}`)).toHaveCount(0);

  // An admin may open any ticket from the panel.
  await biaColumn.getByRole('link', { name: `Abrir o ticket de ${customer}` }).click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
});

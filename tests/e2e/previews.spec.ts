import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

const id = unique();
const admin = { name: `Téa ${id}`, email: `tea-${id}@e2e.test`, password: 'tea-12345' };
const customer = { from: aPhone(), name: `Otávio ${id}` };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  await call('POST', `/api/test-channel/${connection.id}/inbound`, {
    ...customer,
    body: '*Admin:*\nSeu pedido *saiu* _hoje_ ~ontem~',
  });
});

test('the ticket list shows WhatsApp formatting as styles, without markers or the signature line', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  const item = page
    .getByRole('list', { name: 'Lista de atendimentos' })
    .getByRole('listitem', { name: customer.name });
  await expect(item).toContainText('Seu pedido saiu hoje ontem');
  await expect(item).not.toContainText('*');
  await expect(item).not.toContainText('Admin:');
  await expect(item.getByText('saiu', { exact: true })).toHaveCSS('font-weight', '600');
  await expect(item.getByText('hoje', { exact: true })).toHaveCSS('font-style', 'italic');
});

test('an English reader sees times the English way; Portuguese keeps HH:mm', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  const list = page.getByRole('list', { name: 'Lista de atendimentos' });
  await expect(list.getByRole('listitem', { name: customer.name })).toContainText(/\d{2}:\d{2}(?!\s?[AP]M)/);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.getByRole('tab', { name: 'Waiting' }).click();
  await expect(
    page.getByRole('list', { name: 'Ticket list' }).getByRole('listitem', { name: customer.name }),
  ).toContainText(/\d{1,2}:\d{2}\s[AP]M/);
});

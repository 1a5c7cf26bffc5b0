import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

const id = unique();
const admin = { name: `Nei ${id}`, email: `nei-${id}@e2e.test`, password: 'nei-12345' };
let uuid: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  const customer = { from: aPhone(), name: `Lu ${id}` };
  await call('POST', `/api/test-channel/${connection.id}/inbound`, { ...customer, body: 'Oi' });
  const pending = await call<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
    'GET',
    '/api/tickets?status=pending&showAll=true',
  );
  const ticket = pending.tickets.find((t) => t.contact.name === customer.name)!;
  const users = await call<{ users: { id: number; email: string }[] }>('GET', '/api/users');
  const me = users.users.find((user) => user.email === admin.email)!;
  const queue = await call<{ id: number }>('POST', '/api/queue', { name: `Fila ${id}`, color: '#00695c' });
  await call('PUT', `/api/tickets/${ticket.id}`, { status: 'open', userId: me.id, queueId: queue.id });
  uuid = ticket.uuid;
});

test('the emoji picker opens above the composer, within the window, in the UI language', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`/tickets/${uuid}`);
  await page.getByRole('button', { name: 'Emojis' }).click();
  const search = page.getByRole('textbox', { name: 'Pesquisar emoji' });
  await expect(search).toBeVisible();
  const picker = page.locator('.EmojiPickerReact');
  await expect(picker).toBeVisible();
  const box = (await picker.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
});

import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const admin = { name: `Cida ${id}`, email: `cida-${id}@e2e.test`, password: 'cida-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  connectionId = (await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' })).id;
});

test('"Ignorar" asks first, then a toast offers to undo it, which puts the ticket back among the waiting', async ({
  page,
}) => {
  const customer = { from: aPhone(), name: `Davi ${id}` };
  await call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body: 'Oi, tudo bem?' });
  const pending = await call<{ tickets: { uuid: string; contact: { name: string } }[] }>(
    'GET',
    '/api/tickets?status=pending&showAll=true',
  );
  const ticket = pending.tickets.find((t) => t.contact.name === customer.name)!;
  const current = () =>
    call<{ status: string; userId: number | null }>('GET', `/api/tickets/u/${ticket.uuid}`);

  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByRole('button', { name: 'Ignorar' }).click();

  // A click next to "Aceitar" is no longer final: cancelling leaves the ticket waiting.
  const confirm = page.getByRole('dialog', { name: 'Ignorar este atendimento?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  expect((await current()).status).toBe('pending');

  await page.getByRole('button', { name: 'Ignorar' }).click();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Atendimento ignorado.' });
  await expect(toast).toBeVisible();
  await expect.poll(async () => (await current()).status).toBe('closed');

  await toast.getByRole('button', { name: 'Desfazer' }).click();
  await expect(page.getByText('Atendimento de volta aos aguardando.')).toBeVisible();
  expect(await current()).toMatchObject({
    status: 'pending',
    userId: null,
  });
});

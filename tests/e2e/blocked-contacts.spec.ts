import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const admin = { name: `Ivo ${id}`, email: `ivo-${id}@e2e.test`, password: 'ivo-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  connectionId = (await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' })).id;
});

const waiting = async () =>
  (
    await call<{ tickets: { contact: { name: string } }[] }>(
      'GET',
      '/api/tickets?status=pending&showAll=true',
    )
  ).tickets.map((t) => t.contact.name);

test('blocking asks first; a blocked contact writes without landing in the inbox; unblocking restores', async ({
  page,
}) => {
  const spammer = { name: `Spam ${id}`, number: aPhone() };
  await call('POST', '/api/contacts', spammer);

  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Contatos', exact: true })
    .click();
  await page.getByRole('button', { name: `Bloquear ${spammer.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Bloquear ${spammer.name}?` });
  await confirm.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText('Contato bloqueado')).toBeVisible();
  const row = page.getByRole('table', { name: 'Contatos' }).getByRole('row', { name: spammer.name });
  await expect(row).toContainText('Bloqueado');

  await call('POST', `/api/test-channel/${connectionId}/inbound`, {
    from: spammer.number,
    body: 'Promoção!!!',
  });
  expect(await waiting()).not.toContain(spammer.name);

  await page.getByRole('button', { name: `Desbloquear ${spammer.name}` }).click();
  await expect(page.getByText('Contato desbloqueado')).toBeVisible();
  await call('POST', `/api/test-channel/${connectionId}/inbound`, {
    from: spammer.number,
    body: 'Oi de novo',
  });
  expect(await waiting()).toContain(spammer.name);
});

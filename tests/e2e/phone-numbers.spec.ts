import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
const id = unique();
const admin = { name: `Bia ${id}`, email: `bia-${id}@e2e.test`, password: 'bia-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
});

test('a Brazilian number typed without 55 is completed, stored as digits and shown formatted', async ({
  page,
}) => {
  // Random subscriber digits keep the run's numbers apart; the area code is typed the national way.
  const subscriber = `9${Math.floor(1000_0000 + Math.random() * 8999_9999)}`;
  const typed = `(85) ${subscriber.slice(0, 5)}-${subscriber.slice(5)}`;
  const stored = `5585${subscriber}`;
  const shown = `+55 85 ${subscriber.slice(0, 5)} ${subscriber.slice(5)}`;

  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Contatos', exact: true })
    .click();
  await page.getByRole('button', { name: 'Adicionar contato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(`Maria ${id}`);
  await dialog.getByRole('textbox', { name: 'Número' }).fill(typed);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('table', { name: 'Contatos' }).getByRole('row', { name: `Maria ${id}` });
  await expect(row).toContainText(shown);
  const found = await call<{ contacts: { name: string; number: string }[] }>(
    'GET',
    `/api/contacts?searchParam=${encodeURIComponent(`Maria ${id}`)}`,
  );
  expect(found.contacts.map((c) => c.number)).toEqual([stored]);

  // An imported national number gets the code too.
  const imported = await call<{ contact: { number: string } }>('POST', '/api/contactsImport', {
    name: `Importado ${id}`,
    number: '(11) 91234-5678',
  });
  expect(imported.contact.number).toBe('5511912345678');
});

test('the company country is a setting: Portugal completes a national number with 351', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações', exact: true })
    .click();
  const country = page.getByRole('combobox', { name: 'País (código dos números sem DDI)' });
  await expect(country).toHaveText('Brasil');
  await country.click();
  await page.getByRole('option', { name: 'Portugal', exact: true }).click();
  await expect(page.getByText('Operação atualizada com sucesso.')).toBeVisible();

  const created = await call<{ number: string }>('POST', '/api/contacts', {
    name: `Lisboa ${id}`,
    number: `91${Math.floor(1000_000 + Math.random() * 8999_999)}`,
  });
  expect(created.number).toMatch(/^35191\d{7}$/);
});

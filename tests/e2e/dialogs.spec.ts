import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

const id = unique();
const admin = { name: `Eva ${id}`, email: `eva-${id}@e2e.test`, password: 'eva-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
});

test('a click outside or Escape asks before throwing typed data away; an untouched dialog just closes', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Contatos', exact: true })
    .click();

  // Untouched: Escape closes at once.
  await page.getByRole('button', { name: 'Adicionar contato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar contato' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Adicionar contato' }).click();
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(`Júlia ${id}`);
  const discard = page.getByRole('dialog', { name: 'Descartar o que foi digitado?' });
  // A click on the backdrop, far from the dialog.
  await page.mouse.click(5, 5);
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancelar' }).click();
  await expect(discard).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue(`Júlia ${id}`);

  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();
});

import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn, TINY_PNG, unique } from './helpers';

const id = unique();
const admin = { name: `Íris ${id}`, email: `iris-${id}@e2e.test`, password: 'iris-12345' };
const agent = { name: `Rui ${id}`, email: `rui-${id}@e2e.test`, password: 'rui-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  await call('POST', '/api/users', { ...agent, profile: 'user' });
});

test('a saved profile photo is shown when the user is opened again, not only while it is being chosen', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/users');
  await page.getByRole('button', { name: `Editar ${agent.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
  await dialog
    .getByLabel('Foto do perfil')
    .setInputFiles({ name: 'rui.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  // Opened again, the photo comes from the server (the web client used to read it as text and show initials).
  await page.getByRole('button', { name: `Editar ${agent.name}` }).click();
  await expect(dialog.getByRole('img', { name: `Foto de ${agent.name}` })).toHaveAttribute('src', /^blob:/);
});

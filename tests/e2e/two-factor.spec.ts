import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

/* Two-factor sign-in: a user enrols from their profile, signs out, and signs in again with a code. */

const id = unique();
const agent = { name: `Lia ${id}`, email: `lia-${id}@e2e.test`, password: 'lia-123456' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...agent, profile: 'user' });
});

/** The code an authenticator app shows for the secret, `ahead` steps of 30 s from now. */
const codeOf = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

test('a user enrols from the profile, signs out and signs in again with a code of the key shown', async ({
  page,
}) => {
  await logIn(page, agent.email, agent.password);
  await page.getByRole('button', { name: 'Conta' }).click();
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  const profile = page.getByRole('dialog', { name: 'Editar usuário' });
  await profile.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();

  const enrol = page.getByRole('dialog', { name: 'Ativar verificação em duas etapas' });
  await expect(enrol.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = await enrol.getByRole('textbox', { name: 'Chave para digitar no aplicativo' }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await enrol.getByRole('textbox', { name: 'Código de verificação' }).fill(await codeOf(secret));
  await enrol.getByRole('button', { name: 'Confirmar' }).click();

  const codes = page.getByRole('dialog', { name: 'Códigos de recuperação' });
  await expect(
    codes.getByRole('list', { name: 'Seus códigos de recuperação' }).getByRole('listitem'),
  ).toHaveCount(10);
  await codes.getByRole('button', { name: 'Guardei os códigos' }).click();
  await expect(profile.getByText('Ativada: ao entrar', { exact: false })).toBeVisible();
  await profile.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Conta' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The password alone leads to the code step; a wrong code is refused; the current one signs in.
  await logIn(page, agent.email, agent.password);
  const code = page.getByRole('textbox', { name: 'Código de verificação' });
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Código inválido ou já usado. Tente novamente.')).toBeVisible();
  await code.fill(await codeOf(secret, 1));
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
});

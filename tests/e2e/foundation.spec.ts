import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { logIn, setPlatformSetting, unique } from './helpers';

test('the seeded super administrator signs in and sees the shell', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Olá Admin/)).toBeVisible();
  // "à", and no due date for the platform owner's company, which never expires.
  await expect(page.getByText(/Olá Admin.*, seja bem-vindo à /)).toBeVisible();
  await expect(page.getByText(/Vencimento/)).toHaveCount(0);
  // An unknown address is a page that says so, with the way back.
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Usuários')).toBeVisible();
});

test('a wrong password is refused with a translated message', async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, 'wrong-password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toBeVisible();
});

test('signup is hidden until enabled, then a company signs up, manages users, switches language and theme, and logs out', async ({
  page,
  request,
}) => {
  await setPlatformSetting(request, 'allowSignup', 'disabled');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Não tem uma conta? Cadastre-se!')).toHaveCount(0);
  // Typed in by hand, /signup says up front that signup is disabled, with no form to fill in.
  await page.goto('/signup');
  await expect(
    page.getByText('O cadastro de novas empresas está desativado.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome da empresa', exact: true })).toHaveCount(0);
  await page.goto('/login');

  await setPlatformSetting(request, 'allowSignup', 'enabled');
  await page.reload();
  await page.getByText('Não tem uma conta? Cadastre-se!').click();
  await expect(page).toHaveURL(/\/signup$/);

  const id = unique();
  const admin = {
    company: `Loja ${id}`,
    name: `Ana ${id}`,
    email: `ana-${id}@e2e.test`,
    password: 'secret-123',
  };
  await page.getByRole('textbox', { name: 'Nome da empresa', exact: true }).fill(admin.company);
  await page.getByRole('textbox', { name: 'Seu nome', exact: true }).fill(admin.name);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(admin.password);
  await page.getByRole('textbox', { name: 'Telefone com DDD', exact: true }).fill('5511999990000');
  await page.getByRole('combobox', { name: 'Plano' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, admin.email, admin.password);
  await expect(page.getByText(new RegExp(`Olá ${admin.name}.*${admin.company}`))).toBeVisible();

  // Language: English, remembered across a reload.
  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  await nav.getByText('Users').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row', { name: new RegExp(admin.email) })).toBeVisible();

  // Create.
  const member = { name: `Bruno ${id}`, email: `bruno-${id}@e2e.test` };
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(member.name);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('member-123');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(member.email) })).toBeVisible();

  // Validation message of the spec.
  await page.getByRole('button', { name: 'Add user' }).click();
  const invalid = page.getByRole('dialog', { name: 'Add user' });
  await invalid.getByRole('textbox', { name: 'Name', exact: true }).fill('B');
  await invalid.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(invalid.getByText('Too Short!')).toBeVisible();
  // Escape does not throw typed data away unasked: keep editing, then discard.
  await invalid.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard what you typed?' });
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(invalid.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('B');
  await invalid.press('Escape');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(invalid).toBeHidden();
  await expect(discard).toBeHidden();

  // Edit.
  const renamed = `Bruna ${id}`;
  await page.getByRole('button', { name: `Edit ${member.name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(editDialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(member.name);
  // The dashboard's permission is a switch now that the dashboard exists.
  await editDialog.getByRole('tab', { name: 'Permissions' }).click();
  await expect(editDialog.getByRole('switch', { name: 'See the dashboard' })).toBeVisible();
  await editDialog.getByRole('tab', { name: 'General' }).click();
  await editDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

  // Delete, after confirmation.
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByText('Exclusão de Registro').or(confirm.getByText('Delete record')),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row', { name: new RegExp(member.email) })).toHaveCount(0);

  // Theme: dark, remembered for the user.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');

  // Log out.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
});

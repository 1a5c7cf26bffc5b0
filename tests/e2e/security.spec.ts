import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn } from './helpers';

test('the web client works under its Content-Security-Policy; users confirm a new password with the current one', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const { admin } = await aCompanyWithAdmin(request);

  const first = await page.goto('/login');
  const headers = first?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  await logIn(page, admin.email, admin.password);
  await expect(page.getByText(new RegExp(`Olá ${admin.name}`))).toBeVisible();
  for (const path of ['/tickets', '/contacts', '/quick-messages']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }

  // Their own password: refused without the current one, saved with it.
  await page.goto('/users');
  await page.getByRole('button', { name: `Editar ${admin.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar usuário' });
  await dialog.getByRole('textbox', { name: 'Senha', exact: true }).fill('brand-new-123');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Obrigatório').or(page.getByText('Required')).first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Senha atual', exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  // The session that changed it goes on; the new password signs in.
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/tickets/);
  const login = await request.post('/api/auth/login', {
    data: { email: admin.email, password: 'brand-new-123' },
  });
  expect(login.ok()).toBeTruthy();

  expect(violations).toEqual([]);
});

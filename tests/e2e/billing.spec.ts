import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { aCompanyWithAdmin, logIn, superToken, unique } from './helpers';

test('an overdue trial company pays its invoice by Pix at checkout and lands back in the app', async ({
  page,
  request,
}) => {
  const { admin } = await aCompanyWithAdmin(request);
  // The 7-day trial has ended on this browser's calendar; its invoice exists from 10 days before.
  await page.clock.setFixedTime(new Date(Date.now() + 9 * 86_400_000));
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/financeiro-aberto$/);
  await page.getByRole('button', { name: /^Pagar / }).click();

  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await expect(dialog.getByText('O nome completo é obrigatório')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nome completo' }).fill('Maria da Silva');
  await dialog.getByRole('textbox', { name: 'CPF/CNPJ' }).fill('123.456.789-00');
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await expect(dialog.getByText('CPF ou CNPJ inválido')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'CPF/CNPJ' }).fill('529.982.247-25');
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  await dialog.getByRole('radio', { name: 'Plano personalizado' }).check();
  await dialog.getByRole('spinbutton', { name: 'Usuários' }).fill('2');
  await expect(dialog.getByText('No mínimo 3')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  await dialog.getByRole('spinbutton', { name: 'Usuários' }).fill('4');
  await dialog.getByRole('spinbutton', { name: 'Conexões' }).fill('3');
  await expect(dialog.getByText('R$ 60,00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  await expect(dialog.getByText('Maria da Silva')).toBeVisible();
  const charged = page.waitForResponse((res) => res.url().endsWith('/api/subscription') && res.ok());
  await dialog.getByRole('button', { name: 'Pagar' }).click();
  const { txid, qrcode } = (await (await charged).json()) as { txid: string; qrcode: { qrcode: string } };
  await expect(
    page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento'),
  ).toBeVisible();

  const pix = page.getByRole('dialog', { name: 'Pague com Pix' });
  await expect(pix.getByTestId('pix-amount')).toHaveText('R$ 60,00');
  await expect(pix.getByRole('img', { name: 'QR code do Pix de R$ 60,00' })).toBeVisible();
  await expect(pix.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(qrcode.qrcode);
  await expect(pix.getByText('Aguardando o pagamento…')).toBeVisible();

  // The payer's bank pays; the fake bank calls the webhook as Efí would.
  expect((await request.post(`/api/test-channel/pix/${txid}/pay`)).ok()).toBeTruthy();
  await expect(pix.getByText(/Pagamento confirmado! Sua assinatura foi renovada até/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Financeiro' })
    .click();
  await expect(page).toHaveURL(/\/financeiro$/);
  await expect(page.getByRole('table', { name: 'Faturas' }).getByText('Pago', { exact: true })).toBeVisible();
});

test("the super user reads a plan's change in the audit log, field by field", async ({ page, request }) => {
  const token = await superToken(request);
  const name = `Auditado ${unique()}`;
  const auth = { authorization: `Bearer ${token}` };
  const plan = { name, users: 3, connections: 3, queues: 3, amount: '10.00' };
  const created = await request.post('/api/plans', { data: plan, headers: auth });
  const { id } = (await created.json()) as { id: number };
  expect(
    (await request.put(`/api/plans/${id}`, { data: { ...plan, amount: '12.50' }, headers: auth })).ok(),
  ).toBeTruthy();

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Auditoria' })
    .click();
  await expect(page).toHaveURL(/\/audit-logs$/);
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(String(id));
  const table = page.getByRole('table', { name: 'Auditoria' });
  const changed = table.getByRole('row').filter({ hasText: 'Plano alterado' });
  await expect(changed).toContainText('amount: 10.00 → 12.50');
  await expect(changed).toContainText(`plan ${id}`);
  await expect(table.getByRole('row').filter({ hasText: 'Plano criado' })).toContainText(`name: ${name}`);
});

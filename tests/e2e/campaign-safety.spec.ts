import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, unique } from './helpers';

/** Keeping numbers safe: the safety settings saved on /campaigns-config, and a test send before starting. */
let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
// The browser signs in as a second admin: the set-up's API session stays valid beside it.
const admin = { name: `Ana ${unique()}`, email: `ana-${unique()}@e2e.test`, password: 'ana-12345' };
let connectionId: number;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  connectionId = (await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' })).id;
  await call('POST', '/api/campaigns', {
    name: 'Ofertas',
    whatsappId: connectionId,
    message1: 'Oi {numero}',
  });
});

test('save the number-protection settings', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/campaigns-config');
  await expect(page.getByRole('heading', { name: 'Proteção do número' })).toBeVisible();
  const limit = page.getByRole('spinbutton', { name: 'Limite diário por conexão' });
  await expect(limit).toHaveValue('1000');
  // Out of range: refused on the page, with the field's message.
  await page.getByRole('spinbutton', { name: 'Variação aleatória (segundos)' }).fill('900');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Fora do intervalo permitido')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Variação aleatória (segundos)' }).fill('30');
  await limit.fill('250');
  await page.getByRole('switch', { name: 'Aquecimento de números novos' }).uncheck();
  const words = page.getByRole('combobox', { name: 'Palavras de descadastro' });
  await words.fill('CANCELAR');
  await words.press('Enter');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas')).toBeVisible();

  const saved = Object.fromEntries(
    (await call<{ key: string; value: unknown }[]>('GET', '/api/campaign-settings')).map((e) => [
      e.key,
      e.value,
    ]),
  );
  expect(saved).toMatchObject({
    jitterSeconds: 30,
    dailyLimit: 250,
    warmUp: false,
    optOutKeywords: ['SAIR', 'PARAR', 'STOP', 'CANCELAR'],
    confirmationWaitHours: 24,
  });
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Limite diário por conexão' })).toHaveValue('250');
  await expect(page.getByRole('button', { name: 'CANCELAR' })).toBeVisible();
});

test('send a test of a campaign to one number', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Enviar teste de Ofertas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar teste' });
  await dialog.getByRole('textbox', { name: 'Número' }).fill('123');
  await dialog.getByRole('button', { name: 'Enviar teste' }).click();
  await expect(dialog.getByText('Muito curto!')).toBeVisible();
  const number = aPhone();
  await dialog.getByRole('textbox', { name: 'Número' }).fill(number);
  await dialog.getByRole('button', { name: 'Enviar teste' }).click();
  await expect(page.getByText('Teste enviado.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const sent = await call<(SentRecord & { to: string })[]>('GET', `/api/test-channel/${connectionId}/sent`);
  expect(sent.map((s) => ({ to: s.to.replace(/\D/g, ''), body: s.body }))).toEqual([
    { to: number, body: `Oi ${number}` },
  ]);
  // Nothing started: the campaign is still inactive.
  await expect(page.getByRole('row', { name: /Ofertas/ })).toContainText('Inativa');
});

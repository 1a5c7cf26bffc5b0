import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { aCompanyWithAdmin, logIn, setPlatformSetting, superToken, TINY_PNG, unique } from './helpers';

/** YYYY-MM-DD `days` from today in the browser's (and the test's) time zone. */
const dayFromToday = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

test('the super administrator creates a company whose admin signs in, renews it and deletes it', async ({
  page,
  request,
  browser,
}) => {
  const id = unique();
  // Set-up through the API comes first: the browser's sign-in below ends the super's API session.
  const token = await superToken(request);
  const planName = `Plano Empresa ${id}`;
  const plan = await request.post('/api/plans', {
    data: { name: planName, users: 5, connections: 2, queues: 3, amount: '99.5' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(plan.ok()).toBeTruthy();

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Empresas' })
    .click();
  await expect(page.getByRole('heading', { name: 'Empresas' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova empresa' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  // 2-administration §5: the spec's own messages; nothing is saved.
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Email é inválido')).toBeVisible();

  const name = `Loja ${id}`;
  const email = `dono-${id}@e2e.test`;
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByLabel('Senha do primeiro administrador').fill('dono-123');
  await dialog.getByRole('combobox', { name: 'Plano' }).click();
  await page.getByRole('option', { name: planName }).click();
  await dialog.getByLabel('Data de vencimento').fill(dayFromToday(3));
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Operação realizada com sucesso!')).toBeVisible();

  // The search narrows the table to the new company (by name or e-mail).
  const table = page.getByRole('table', { name: 'Empresas' });
  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill(`dono-${id}`);
  await expect(table.getByRole('row')).toHaveCount(2);

  // Three days left: the row is yellow and says so.
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(planName);
  await expect(row).toContainText('R$ 99,50');
  await expect(row).toContainText('Vence em breve');
  await expect(row).toHaveAttribute('data-due', 'dueSoon');
  await expect(row).toContainText('Nunca');

  // The company's first admin signs in with the company's e-mail and the password given.
  const owner = await browser.newPage();
  await logIn(owner, email, 'dono-123');
  await expect(owner.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await owner.close();

  // Renewing moves the due date a month on: no colour any more.
  await row.getByRole('button', { name: `Renovar ${name}` }).click();
  await expect(page.getByText(/Vencimento renovado até/)).toBeVisible();
  await expect(row).not.toHaveAttribute('data-due', /.+/);
  await expect(row).not.toContainText('Nunca');

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir a empresa ${name}?` });
  await expect(confirm).toContainText('seus usuários, conexões, filas, contatos, tickets, mensagens');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(row).toHaveCount(0);

  // Its admin can no longer sign in.
  const gone = await request.post('/api/auth/login', { data: { email, password: 'dono-123' } });
  expect(gone.ok()).toBeFalsy();
});

test("a company's admin typing /companies is told and taken home", async ({ page, request }) => {
  const { admin } = await aCompanyWithAdmin(request);
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Empresas' }),
  ).toHaveCount(0);
  await page.goto('/companies');
  await expect(
    page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the super administrator brands the platform and the login page shows it', async ({
  page,
  browser,
  request,
}) => {
  const appName = `Atende Mais ${unique()}`;
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Whitelabel' }).click();

  const name = page.getByRole('textbox', { name: 'Nome do aplicativo' });
  await name.fill(appName);
  await name.press('Enter');
  await expect(page.getByText('Operação atualizada com sucesso.').first()).toBeVisible();
  await page.getByLabel('Cor principal (tema claro)').fill('#ff5500');
  await page.getByLabel('Cor principal (tema claro)').blur();
  await page.getByLabel('Enviar imagem: Tema claro').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByText('Logotipo enviado.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logotipo atual: Tema claro' })).toBeVisible();
  // The shell's own brand and the tab title follow at once.
  await expect(page.getByTestId('brand').first()).toContainText(appName);
  await expect(page).toHaveTitle(appName);

  const visitor = await browser.newPage();
  await visitor.goto('/login');
  await expect(visitor).toHaveTitle(appName);
  const logo = visitor.getByRole('img', { name: appName });
  await expect(logo).toHaveAttribute('src', /^blob:/);
  await expect(visitor.getByRole('button', { name: 'Entrar' })).toHaveCSS(
    'background-color',
    'rgb(255, 85, 0)',
  );
  await visitor.close();

  // Back to the defaults for the other journeys.
  for (const [key, value] of [
    ['appName', 'Atendo'],
    ['primaryColorLight', '#0000FF'],
    ['appLogoLight', ''],
  ] as const) {
    await setPlatformSetting(request, key, value);
  }
});

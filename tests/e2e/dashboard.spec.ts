import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

// 2-administration §2.11 and docs/metrics.md: the dashboard of a seeded company, its filter, its charts,
// and the 403 page for a user without showDashboard.

let seeded: Awaited<ReturnType<typeof aCompanyWithAdmin>>;
const id = unique();
const eva = { name: `Eva ${id}`, email: `eva-${id}@e2e.test`, password: 'eva-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  seeded = await aCompanyWithAdmin(request);
  const { call } = seeded;
  await call('POST', '/api/users', { ...eva, profile: 'user' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  // Three customers write in: three waiting tickets; the admin takes one and resolves it.
  const ticketIds: number[] = [];
  for (const name of ['Ana', 'Bruno', 'Carla']) {
    const res = await call<{ ticketId: number }>('POST', `/api/test-channel/${connection.id}/inbound`, {
      from: aPhone(),
      name: `${name} ${id}`,
      body: 'Olá',
    });
    ticketIds.push(res.ticketId);
  }
  await call('PUT', `/api/tickets/${ticketIds[0]}`, { status: 'open' });
  await call('PUT', `/api/tickets/${ticketIds[0]}`, { status: 'closed', sendFarewellMessage: false });
});

test('the dashboard shows the seeded company’s numbers and charts, and the filter changes them', async ({
  page,
}) => {
  await logIn(page, seeded.admin.email, seeded.admin.password);
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  const counter = (name: string) => page.getByTestId(`counter-${name}`);
  await expect(counter('supportPending')).toContainText('2');
  await expect(counter('supportFinished')).toContainText('1');
  await expect(counter('passiveTickets')).toContainText('3');
  await expect(counter('leads')).toContainText('3');
  // The charts of the period: tickets per day (three created today) and messages received.
  const perDay = page.getByRole('region', { name: 'Atendimentos por dia' });
  await expect(perDay.locator('svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mensagens', exact: true })).toContainText('Recebidas: 3');
  await expect(page.getByRole('region', { name: 'Atendimentos por atendente' })).toContainText(
    seeded.admin.name,
  );

  await page.getByRole('tab', { name: 'Atendentes' }).click();
  const row = page.getByRole('row', { name: new RegExp(seeded.admin.name) });
  await expect(row).toContainText('1');

  await page.getByRole('tab', { name: 'Indicadores' }).click();
  await page.getByLabel('Data inicial').fill('2020-01-01');
  await page.getByLabel('Data final').fill('2020-01-31');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(counter('supportPending')).toContainText('0');
  await expect(counter('passiveTickets')).toContainText('0');
  await expect(perDay).toContainText('Nada neste período.');
});

test('a user without showDashboard lands on the inbox and gets the 403 page at /', async ({ page }) => {
  await logIn(page, eva.email, eva.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Painel')).toHaveCount(0);
});

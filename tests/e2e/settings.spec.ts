import { type Browser, expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

const id = unique();
const nina = { name: `Nina ${id}`, email: `nina-${id}@e2e.test`, password: 'nina-12345' };
const otto = { name: `Otto ${id}`, email: `otto-${id}@e2e.test`, password: 'otto-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...nina, profile: 'admin' });
  await call('POST', '/api/users', { ...otto, profile: 'user' });
});

async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  return page;
}

const timeField = (page: Page, field: string, weekday: string) =>
  page.getByLabel(`${field} — ${weekday}`, { exact: true });

test('an admin changes options and the service hours, and both stay after a reload', async ({ browser }) => {
  const page = await signedIn(browser, nina);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();

  // Each switch is saved on its own at once (2-administration §4.5).
  const requiredTag = page.getByRole('switch', { name: 'Exigir tag para encerrar' });
  await expect(requiredTag).not.toBeChecked();
  await requiredTag.check();
  await expect(page.getByText('Operação atualizada com sucesso.')).toBeVisible();

  // §5: the transfer message must exist before its switch is enabled.
  const sendOnTransfer = page.getByRole('switch', {
    name: 'Enviar mensagem ao transferir de fila ou atendente',
  });
  await sendOnTransfer.click();
  await expect(page.getByText('Preencha a mensagem "Mensagem de transferência" antes.')).toBeVisible();
  await expect(sendOnTransfer).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Mensagem de transferência' }).fill('Você foi transferido.');
  await page.getByRole('textbox', { name: 'Mensagem de transferência' }).press('Tab');
  await expect(page.getByText('Operação atualizada com sucesso.').first()).toBeVisible();
  await sendOnTransfer.check();
  await expect(sendOnTransfer).toBeChecked();

  // The schedules tab appears only with the company's hours in force.
  await expect(page.getByRole('tab', { name: 'Horários' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Horário de atendimento' }).click();
  await page.getByRole('option', { name: 'Empresa' }).click();
  await page.getByRole('tab', { name: 'Horários' }).click();

  // The defaults until saved; Monday gets new hours, and a wrong shift is refused on its row.
  await expect(timeField(page, 'Início do turno A', 'Segunda-feira')).toHaveValue('08:00');
  await timeField(page, 'Início do turno A', 'Segunda-feira').fill('09:00');
  await timeField(page, 'Fim do turno A', 'Segunda-feira').fill('08:30');
  await timeField(page, 'Fim do turno B', 'Segunda-feira').fill('19:30');
  await page.getByRole('button', { name: 'Salvar horários' }).click();
  const monday = page.getByRole('row', { name: /Segunda-feira/ });
  await expect(monday.getByText('O fim deve ser depois do início')).toBeVisible();
  await timeField(page, 'Fim do turno A', 'Segunda-feira').fill('12:00');
  await page.getByRole('button', { name: 'Salvar horários' }).click();
  await expect(page.getByText('Horários atualizados com sucesso.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Exigir tag para encerrar' })).toBeChecked();
  await expect(
    page.getByRole('switch', { name: 'Enviar mensagem ao transferir de fila ou atendente' }),
  ).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Mensagem de transferência' })).toHaveValue(
    'Você foi transferido.',
  );
  await page.getByRole('tab', { name: 'Horários' }).click();
  await expect(timeField(page, 'Início do turno A', 'Segunda-feira')).toHaveValue('09:00');
  await expect(timeField(page, 'Fim do turno A', 'Segunda-feira')).toHaveValue('12:00');
  await expect(timeField(page, 'Fim do turno B', 'Segunda-feira')).toHaveValue('19:30');
  await expect(timeField(page, 'Início do turno A', 'Terça-feira')).toHaveValue('08:00');
});

test('a plain user gets the no-permission view', async ({ browser }) => {
  const page = await signedIn(browser, otto);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Configurações', exact: true })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByText('Sem permissão')).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
});

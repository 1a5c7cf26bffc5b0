import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

// 2-administration §2.12: the ticket report filtered, paged and exported (the file downloads and opens).

let seeded: Awaited<ReturnType<typeof aCompanyWithAdmin>>;
const id = unique();
const CUSTOMERS = 12;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  seeded = await aCompanyWithAdmin(request);
  const { call } = seeded;
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', {
    name: `Loja ${id}`,
  });
  for (let n = 1; n <= CUSTOMERS; n++) {
    const res = await call<{ ticketId: number }>('POST', `/api/test-channel/${connection.id}/inbound`, {
      from: aPhone(),
      name: `Cliente ${n} ${id}`,
      body: `Pedido ${n}`,
    });
    // The first one is attended and closed: one closed ticket among waiting ones.
    if (n === 1) {
      await call('PUT', `/api/tickets/${res.ticketId}`, { status: 'open' });
      await call('PUT', `/api/tickets/${res.ticketId}`, { status: 'closed', sendFarewellMessage: false });
    }
  }
});

test('a report is filtered, paged and exported', async ({ page }) => {
  await logIn(page, seeded.admin.email, seeded.admin.password);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Relatórios').click();
  await expect(page).toHaveURL(/\/reports$/);
  const table = page.getByRole('table', { name: 'Atendimentos' });
  const bodyRows = table.locator('tbody tr');
  // Ten a page by default, twelve in all.
  await expect(bodyRows).toHaveCount(10);
  await expect(page.getByText(`1–10 de 12`)).toBeVisible();
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(bodyRows).toHaveCount(2);

  // Only closed tickets.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Fechado' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText(`Cliente 1 ${id}`);
  await expect(bodyRows.first()).toContainText('Fechado');

  // The ticket's log, then the export of what the filters match.
  await bodyRows
    .first()
    .getByRole('button', { name: /Histórico do ticket/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(3).value).toBe(`Cliente 1 ${id}`);
  expect(sheet.getRow(2).getCell(6).value).toBe('Fechado');
});

test('the other reports are tabs with the same filters, and the contact filter adds a contact', async ({
  page,
}) => {
  await logIn(page, seeded.admin.email, seeded.admin.password);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Relatórios').click();
  await page.getByRole('tab', { name: 'Duração' }).click();
  const durations = page.getByRole('table', { name: 'Duração' });
  await expect(durations.getByRole('columnheader', { name: 'Duração total (min)' })).toBeVisible();
  await expect(durations.locator('tbody tr')).toHaveCount(10);
  await page.getByRole('tab', { name: 'Pesquisas' }).click();
  await expect(page.getByText('NPS: 0')).toBeVisible();

  // Three typed characters offer adding the contact; once saved it is the filter's contact.
  const name = `Novo ${id}`;
  await page.getByRole('combobox', { name: 'Contato' }).fill(name);
  await page.getByRole('option', { name: `Adicionar contato "${name}"` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue(name);
  await dialog.getByRole('textbox', { name: 'Número' }).fill(aPhone());
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Contato' })).toHaveValue(name);
});

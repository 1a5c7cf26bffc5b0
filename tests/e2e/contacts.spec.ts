import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { aCompanyWithAdmin, aPhone, logIn, shown, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const admin = { name: `Lia ${id}`, email: `lia-${id}@e2e.test`, password: 'lia-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  connectionId = connection.id;
});

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('import a contacts spreadsheet with column mapping and see the counts', async ({ page }) => {
  const existing = aPhone();
  await call('POST', '/api/contacts', { name: `Antigo ${id}`, number: existing });
  const fresh = [aPhone(), aPhone(), aPhone()];
  // Headers the screen cannot guess: the columns are mapped by hand.
  const csv = [
    'Cliente;Fone;Correio;Grupo',
    `Bruna ${id};${fresh[0]};bruna@example.com;Lote ${id}`,
    `Caio ${id};+${fresh[1]};;`,
    `Dora ${id};${fresh[2]};;`,
    `Atualizado ${id};${existing};novo@example.com;`,
    `Sem número ${id};;;`,
    `Email ruim ${id};${aPhone()};nao-e-email;`,
  ].join('\r\n');

  await logIn(page, admin.email, admin.password);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: 'Contatos', exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('row', { name: `Antigo ${id}` })).toBeVisible();
  await page.getByRole('button', { name: 'Importar / Exportar' }).click();
  await page.getByRole('menuitem', { name: 'Importar planilha' }).click();
  await expect(page).toHaveURL(/\/contacts\/import$/);

  await page
    .getByTestId('contacts-import-file')
    .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('clientes.csv — 6 linhas')).toBeVisible();
  await expect(page.getByText('6 de 6 linhas selecionadas')).toBeVisible();

  // Nothing mapped yet: the screen asks for the number column, then the name column.
  await page.getByRole('button', { name: 'Importar 6 contatos' }).click();
  await expect(page.getByText('Selecione a coluna do número.')).toBeVisible();
  await choose(page, 'Número', 'Fone');
  await page.getByRole('button', { name: 'Importar 6 contatos' }).click();
  await expect(page.getByText('Selecione a coluna do nome.')).toBeVisible();
  await choose(page, 'Nome', 'Cliente');
  await choose(page, 'E-mail', 'Correio');
  await choose(page, 'Tags', 'Grupo');

  // Leave Dora out.
  await page.getByRole('checkbox', { name: 'Selecionar a linha 4' }).uncheck();
  await expect(page.getByText('5 de 6 linhas selecionadas')).toBeVisible();
  await page.getByRole('button', { name: 'Importar 5 contatos' }).click();

  const report = page.getByRole('status');
  await expect(report.getByText('Importação concluída')).toBeVisible();
  await expect(page.getByTestId('import-created')).toContainText('2');
  await expect(page.getByTestId('import-updated')).toContainText('1');
  await expect(page.getByTestId('import-invalid')).toContainText('2');
  await expect(report.getByText('Linha 6 — Número: Obrigatório')).toBeVisible();
  await expect(report.getByText('Linha 7 — E-mail: E-mail inválido')).toBeVisible();

  await page.getByRole('link', { name: 'Voltar para contatos' }).click();
  // The search is debounced: the list (and so the export) follows it once the filtered page has come.
  const searched = page.waitForResponse(
    (res) =>
      res.url().includes('/api/contacts?') && new URL(res.url()).searchParams.get('searchParam') === id,
  );
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(id);
  await searched;
  const table = page.getByRole('table', { name: 'Contatos' });
  await expect(table.getByRole('row', { name: `Bruna ${id}` })).toContainText(`Lote ${id}`);
  await expect(table.getByRole('row', { name: `Caio ${id}` })).toContainText(shown(fresh[1]!));
  await expect(table.getByRole('row', { name: `Atualizado ${id}` })).toContainText('novo@example.com');
  await expect(table.getByRole('row', { name: `Dora ${id}` })).toHaveCount(0);
  await expect(table.getByRole('row', { name: `Antigo ${id}` })).toHaveCount(0);

  // Export of the filtered list, written by the server in one file: Excel, then CSV.
  const exported = async (item: string) => {
    const download = page.waitForEvent('download');
    const asked = page.waitForRequest((req) => req.url().includes('/api/contacts/export?'));
    await page.getByRole('button', { name: 'Importar / Exportar' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    // One request for the whole file, with the list's search, instead of the list's pages.
    expect(new URL((await asked).url()).searchParams.get('searchParam')).toBe(id);
    const file = await (await download).path().then((path) => readFile(path));
    await expect(page.getByText('Contatos exportados.').last()).toBeVisible();
    return file;
  };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await exported('Exportar Excel')).buffer);
  const values = workbook.worksheets[0]!.getSheetValues().slice(1) as (string | undefined)[][];
  expect(values.map((row) => row.slice(1, 3))).toEqual([
    ['Nome', 'Número'],
    [`Atualizado ${id}`, existing],
    [`Bruna ${id}`, fresh[0]],
    [`Caio ${id}`, fresh[1]],
  ]);
  const text = (await exported('Exportar CSV')).toString('utf8');
  expect(text).toContain(`Bruna ${id},${fresh[0]},bruna@example.com,Lote ${id}`);
  // Nothing in the page's scripts can build a spreadsheet any more: the server writes it.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.filter((name) => /exceljs/i.test(name))).toEqual([]);
});

test('edit a contact’s tags and extra info from the chat drawer', async ({ page }) => {
  const customer = { from: aPhone(), name: `Rui ${id}` };
  const tagName = `Cliente ouro ${id}`;
  await call('POST', '/api/tags', { name: tagName, color: '#b8860b', kanban: 0 });
  await call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body: 'Bom dia' });
  const pending = await call<{ tickets: { uuid: string; contact: { name: string } }[] }>(
    'GET',
    '/api/tickets?status=pending&showAll=true',
  );
  const ticket = pending.tickets.find((t) => t.contact.name === customer.name)!;

  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByRole('button', { name: `Dados do contato ${customer.name}` }).click();
  await page.getByRole('button', { name: 'Editar contato' }).click();

  const dialog = page.getByRole('dialog', { name: 'Editar contato' });
  await expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue(customer.name);
  await dialog.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tagName }).click();
  await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
  await dialog.getByRole('textbox', { name: 'Nome do campo' }).fill('Plano');
  await dialog.getByRole('textbox', { name: 'Valor' }).fill('Anual');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Contato salvo com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Tags do contato')).toBeVisible();
  await expect(page.getByText(tagName)).toBeVisible();
  await expect(page.getByText('Anual')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: `Dados do contato ${customer.name}` }).click();
  await expect(page.getByText('Tags do contato')).toBeVisible();
  await expect(page.getByText(tagName)).toBeVisible();
  await expect(page.getByText('Plano')).toBeVisible();
  await expect(page.getByText('Anual')).toBeVisible();
});

test('send a saved contact as a card from the chat, searched from three characters', async ({ page }) => {
  const customer = { from: aPhone(), name: `Téo ${id}` };
  const saved = { name: `Zeca ${id}`, number: aPhone() };
  await call('POST', '/api/contacts', saved);
  await call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body: 'Oi' });
  const pending = await call<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>(
    'GET',
    '/api/tickets?status=pending&showAll=true',
  );
  const ticket = pending.tickets.find((t) => t.contact.name === customer.name)!;
  const users = await call<{ users: { id: number; email: string }[] }>('GET', '/api/users');
  const me = users.users.find((user) => user.email === admin.email)!;
  const queue = await call<{ id: number }>('POST', '/api/queue', { name: `Fila ${id}`, color: '#00695c' });
  await call('PUT', `/api/tickets/${ticket.id}`, { status: 'open', userId: me.id, queueId: queue.id });

  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByRole('button', { name: 'Anexar' }).click();
  await page.getByRole('menuitem', { name: 'Contato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar contato' });
  const search = dialog.getByRole('combobox', { name: 'Buscar contato' });
  await search.fill('Ze');
  await expect(page.getByText('Digite ao menos 3 caracteres')).toBeVisible();
  await search.fill('Zeca');
  await page.getByRole('option', { name: `${saved.name} - ${shown(saved.number)}` }).click();
  await expect(dialog.getByRole('textbox', { name: 'Nome' })).toHaveValue(saved.name);
  await expect(dialog.getByRole('textbox', { name: 'Número' })).toHaveValue(saved.number);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('log', { name: 'Mensagens' }).getByText(saved.name)).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await call('GET', `/api/test-channel/${connectionId}/sent`)))
    .toContain(saved.number);
});

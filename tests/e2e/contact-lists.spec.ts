import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { aCompanyWithAdmin, aPhone, logIn, shown, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
const id = unique();
const admin = { name: `Rui ${id}`, email: `rui-${id}@e2e.test`, password: 'rui-12345' };
const plain = { name: `Sol ${id}`, email: `sol-${id}@e2e.test`, password: 'sol-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  await call('POST', '/api/users', { ...plain, profile: 'user' });
  // A connected number channel: the background check runs on it.
  await call('POST', '/api/test-channel/connections', { name: 'Loja' });
});

test('build a contact list by import, see the summary and the checked members, add one and delete one', async ({
  page,
}) => {
  const numbers = [aPhone(), aPhone(), aPhone()];
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Lista').addRows([
    ['Nome', 'Número', 'Email'],
    [`Ana ${id}`, numbers[0], 'ana@example.com'],
    [`Bruno ${id}`, numbers[1], ''],
    [`Bruno de novo ${id}`, numbers[1], 'bruno@example.com'],
    [`Carla ${id}`, numbers[2], ''],
    ['', '', ''],
    [`Sem número ${id}`, '', ''],
  ]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Listas de contatos' })
    .click();
  await expect(page).toHaveURL(/\/contact-lists$/);
  await expect(page.getByText('Nenhuma lista de contatos')).toBeVisible();

  await page.getByRole('button', { name: 'Nova lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova lista' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('C');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Muito curto!')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(`Clientes ${id}`);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Lista salva com sucesso!')).toBeVisible();

  await page.getByRole('link', { name: `Clientes ${id}` }).click();
  await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);
  await expect(page.getByRole('heading', { name: `Clientes ${id}` })).toBeVisible();
  await expect(page.getByText('Nenhum contato nesta lista')).toBeVisible();

  await page.getByTestId('contact-list-import-file').setInputFiles({
    name: 'clientes.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  const confirm = page.getByRole('dialog', { name: 'Importar contatos' });
  await expect(confirm).toContainText('clientes.xlsx');
  await confirm.getByRole('button', { name: 'Importar' }).click();
  const summary = page.getByRole('dialog', { name: 'Importação concluída' });
  await expect(summary).toContainText('Linhas lidas: 5');
  await expect(summary).toContainText('Adicionados: 3');
  await expect(summary).toContainText('Mesclados (já estavam na lista): 1');
  await expect(summary).toContainText('Ignorados (sem nome ou número válido): 1');
  await summary.getByRole('button', { name: 'Fechar' }).click();

  const table = page.getByRole('table', { name: `Clientes ${id}` });
  await expect(table.getByRole('row')).toHaveCount(4);
  const bruno = table.getByRole('row', { name: `Bruno de novo ${id}` });
  await expect(bruno).toContainText(shown(numbers[1]!));
  await expect(bruno).toContainText('bruno@example.com');
  // The background check marks every member valid on the test channel, live.
  await expect(table.getByRole('img', { name: 'Número válido no WhatsApp' })).toHaveCount(3, {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Adicionar' }).click();
  const add = page.getByRole('dialog', { name: 'Novo contato' });
  await add.getByRole('textbox', { name: 'Nome' }).fill(`Davi ${id}`);
  await add.getByRole('textbox', { name: 'Número' }).fill(numbers[0]!);
  await add.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Este número já está nesta lista.')).toBeVisible();
  const fresh = aPhone();
  await add.getByRole('textbox', { name: 'Número' }).fill(fresh);
  await add.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Contato salvo com sucesso!')).toBeVisible();
  await expect(table.getByRole('row', { name: `Davi ${id}` })).toContainText(shown(fresh));

  await table.getByRole('button', { name: `Excluir Ana ${id}` }).click();
  await page
    .getByRole('dialog', { name: `Excluir Ana ${id} da lista?` })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByText('Contato excluído da lista!')).toBeVisible();
  await expect(table.getByRole('row', { name: `Ana ${id}` })).toHaveCount(0);

  await page.getByRole('link', { name: 'Listas', exact: true }).click();
  await expect(page.getByRole('row', { name: `Clientes ${id}` })).toContainText('3');
});

test('a plain user has no contact lists entry and sees the no-access view at the address', async ({
  page,
}) => {
  await logIn(page, plain.email, plain.password);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Contatos', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Listas de contatos' })).toHaveCount(0);
  await page.goto('/contact-lists/1/contacts');
  await expect(page.getByText('Sem permissão')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const admin = { name: `Gil ${id}`, email: `gil-${id}@e2e.test`, password: 'gil-12345' };
const customer = {
  from: aPhone(),
  name: `Rita ${id}`,
};
const tagName = `Urgente ${id}`;
const quickName = `Retorno ${id}`;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  connectionId = connection.id;
});

test('create a tag on the tags page, tag a ticket from the chat, see it on the list, add and delete a note', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  // The tags screen, from the side menu: an empty list, then a new tag.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByText('Nenhuma tag encontrada')).toBeVisible();
  await page.getByRole('button', { name: 'Nova tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova tag' });
  // The kanban board does not exist yet: no switch for its columns.
  await expect(dialog.getByRole('switch', { name: 'Coluna do Kanban' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('ab');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Muito curto!')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(tagName);
  await dialog.getByLabel('Cor').fill('#d32f2f');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Tag salva com sucesso!')).toBeVisible();
  const table = page.getByRole('table', { name: 'Tags' });
  await expect(table.getByRole('row', { name: new RegExp(tagName) })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('nada-assim');
  await expect(page.getByText('Nenhuma tag encontrada')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(id);
  await expect(table.getByRole('row', { name: new RegExp(tagName) })).toBeVisible();

  // A customer writes: the ticket waits; the chat opens from the list.
  await call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body: 'Preciso de ajuda' });
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Atendimentos' })
    .click();
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  const item = page
    .getByRole('list', { name: 'Lista de atendimentos' })
    .getByRole('listitem', { name: customer.name });
  await item.click();
  await expect(page.getByRole('log', { name: 'Mensagens' }).getByText('Preciso de ajuda')).toBeVisible();

  // Tag it with the existing tag, then create one on the fly; under 3 characters is refused.
  const tagsField = page.getByRole('combobox', { name: 'Tags' });
  await tagsField.fill(id);
  await page.getByRole('option', { name: tagName, exact: true }).click();
  await expect(item.getByText(tagName)).toBeVisible();
  await tagsField.fill('ab');
  await tagsField.press('Enter');
  await expect(page.getByText('Tag muito curta!')).toBeVisible();
  await tagsField.fill(quickName);
  await page.getByRole('option', { name: `Criar a tag "${quickName}"` }).click();
  await expect(item.getByText(quickName)).toBeVisible();
  await expect(item.getByText(tagName)).toBeVisible();
  const tickets = await call<{ tickets: { tags: { name: string }[] }[] }>(
    'GET',
    '/api/tickets?status=pending&showAll=true',
  );
  expect(tickets.tickets[0]!.tags.map((t) => t.name).sort()).toEqual([quickName, tagName].sort());

  // Notes: the 2-character rule, then add and delete with the spec's toasts.
  await page.getByRole('button', { name: 'Opções do atendimento' }).click();
  await page.getByRole('menuitem', { name: 'Observações' }).click();
  const notes = page.getByRole('dialog', { name: 'Observações' });
  await expect(notes.getByText('Nenhuma observação neste atendimento.')).toBeVisible();
  await notes.getByRole('textbox', { name: 'Nova observação' }).fill('a');
  await notes.getByRole('button', { name: 'Adicionar' }).click();
  await expect(notes.getByText('Muito curto!')).toBeVisible();
  await notes.getByRole('textbox', { name: 'Nova observação' }).fill('Cliente pediu retorno à tarde');
  await notes.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Observação adicionada com sucesso!')).toBeVisible();
  await expect(notes.getByText('Cliente pediu retorno à tarde')).toBeVisible();
  await expect(notes.getByText(new RegExp(`^${admin.name} em`))).toBeVisible();
  await notes.getByRole('button', { name: 'Excluir observação' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir esta observação?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByText('Observação excluída com sucesso!')).toBeVisible();
  await expect(notes.getByText('Nenhuma observação neste atendimento.')).toBeVisible();
});

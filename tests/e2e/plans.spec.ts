import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { logIn, unique } from './helpers';

const publicPlanNames = async (request: APIRequestContext) => {
  const res = await request.get('/api/plans/list');
  return ((await res.json()) as { name: string }[]).map((plan) => plan.name);
};

test('the super administrator creates a plan, hides it from signup, and deletes it', async ({
  page,
  request,
}) => {
  const name = `Plano Ouro ${unique()}`;
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Planos' }).click();

  await page.getByRole('button', { name: 'Novo plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo plano' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Usuários' }).fill('7');
  await dialog.getByRole('textbox', { name: 'Valor (R$)' }).fill('79,9');
  await dialog.getByRole('textbox', { name: 'Filas' }).fill('dois');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  // A limit must be a whole number; nothing is saved until it is.
  await expect(dialog.getByText('Informe um número inteiro')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Filas' }).fill('2');
  await dialog.getByRole('switch', { name: 'Kanban' }).uncheck();
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByText('Plano salvo com sucesso!')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('R$ 79,90');
  await expect(row).not.toContainText('Kanban');
  expect(await publicPlanNames(request)).toContain(name);

  // Private: signup stops offering it.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar plano' });
  await expect(edit.getByRole('textbox', { name: 'Usuários' })).toHaveValue('7');
  await edit.getByRole('switch', { name: 'Oferecer no cadastro (público)' }).uncheck();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(row).toContainText('Não');
  expect(await publicPlanNames(request)).not.toContain(name);

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Excluir o plano ${name}?` })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByText('Plano excluído com sucesso!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

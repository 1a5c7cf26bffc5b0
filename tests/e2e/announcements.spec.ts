import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { aCompanyWithAdmin, logIn, TINY_PNG, unique } from './helpers';

test('the super administrator adds an announcement; it appears live in another company user’s bell and viewer', async ({
  browser,
  request,
}) => {
  const title = `Manutenção ${unique()}`;
  // First: setting a company up signs the super administrator in through the API (one session at a time).
  const { admin } = await aCompanyWithAdmin(request);
  const page = await (await browser.newContext()).newPage();
  await logIn(page, admin.email, admin.password);
  const bell = page.getByRole('button', { name: 'Informativos' });
  await expect(bell).toBeVisible();

  const superPage = await (await browser.newContext()).newPage();
  await logIn(superPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await superPage
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Informativos' })
    .click();
  await superPage.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = superPage.getByRole('dialog', { name: 'Adicionar informativo' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Obrigatório')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: /^Título/ }).fill(title);
  await dialog.getByRole('textbox', { name: /^Texto/ }).fill('O sistema para no sábado às 22h.');
  await dialog.getByRole('combobox', { name: 'Prioridade' }).click();
  await superPage.getByRole('option', { name: 'Alta' }).click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(superPage.getByText('Informativo salvo com sucesso!')).toBeVisible();
  const row = superPage.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Alta');
  await expect(row).toContainText('aviso.png');

  // The other company's user never reloaded: the event brought it.
  await bell.click();
  const item = page
    .getByRole('list', { name: 'Informativos' })
    .getByRole('button')
    .filter({ hasText: title });
  await expect(item).toBeVisible();
  await item.click();
  const viewer = page.getByRole('dialog', { name: title });
  await expect(viewer).toContainText('O sistema para no sábado às 22h.');
  await expect(viewer.getByRole('img', { name: 'Imagem do informativo' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Fechar' }).click();
  await expect(viewer).toBeHidden();

  // Deleting it takes it out of the bell as well.
  await row.getByRole('button', { name: `Excluir ${title}` }).click();
  await superPage
    .getByRole('dialog', { name: `Excluir ${title}?` })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(superPage.getByText('Informativo excluído com sucesso!')).toBeVisible();
  await bell.click();
  await expect(page.getByRole('list', { name: 'Informativos' })).not.toContainText(title);
});

test('on a 390 px phone the announcements bell fits beside the greeting', async ({ browser, request }) => {
  const { admin } = await aCompanyWithAdmin(request);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('button', { name: 'Informativos' })).toBeInViewport();
  const greeting = page.getByTestId('short-greeting');
  await expect(greeting).toBeVisible();
  expect(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

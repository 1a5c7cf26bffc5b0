import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

test('the super administrator publishes a help video; a company sees the help entry and plays it on request', async ({
  browser,
  request,
}) => {
  const title = `Como transferir ${unique()}`;
  // First: setting a company up signs the super administrator in through the API (one session at a time).
  const { admin } = await aCompanyWithAdmin(request);
  const superPage = await (await browser.newContext()).newPage();
  await logIn(superPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await superPage
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações', exact: true })
    .click();
  await superPage.getByRole('tab', { name: 'Ajudas' }).click();
  await superPage.getByRole('button', { name: 'Nova ajuda' }).click();
  const dialog = superPage.getByRole('dialog', { name: 'Nova ajuda' });
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Transferir para outra fila');
  await dialog.getByRole('textbox', { name: /^Vídeo/ }).fill('https://example.com/video.mp4');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Um endereço ou código do YouTube ou do Vimeo')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Vídeo/ }).fill('https://youtu.be/dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(superPage.getByText('Ajuda salva com sucesso!')).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  await logIn(page, admin.email, admin.password);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Ajuda' }).click();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Transferir para outra fila');
  // Nothing comes from the video site until the reader asks.
  await expect(card.locator('iframe')).toHaveCount(0);
  await card.getByRole('button', { name: `Assistir: ${title}` }).click();
  await expect(card.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
  );

  const row = superPage.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Excluir ${title}` }).click();
  await superPage
    .getByRole('dialog', { name: `Excluir a ajuda ${title}?` })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(superPage.getByText('Ajuda excluída com sucesso!')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, TINY_PNG, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
let ticketUuid: string;
const id = unique();
const ana = { name: `Ana ${id}`, email: `ana-qm-${id}@e2e.test`, password: 'ana-12345' };
const pix = 'Nossa chave PIX é o CNPJ 12.345.678/0001-90';
const catalogue = 'Segue nosso catálogo de produtos';

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  const queue = await call<{ id: number }>('POST', '/api/queue', { name: 'Vendas', color: '#2e7d32' });
  const user = await call<{ id: number }>('POST', '/api/users', {
    ...ana,
    profile: 'user',
    queueIds: [queue.id],
  });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  connectionId = connection.id;
  const { ticketId } = await call<{ ticketId: number }>('POST', `/api/test-channel/${connectionId}/inbound`, {
    from: aPhone(),
    name: `Cliente ${id}`,
    body: 'Qual é a chave PIX?',
  });
  // Ana is already serving the conversation (transferred to her in Vendas).
  const ticket = await call<{ uuid: string }>('PUT', `/api/tickets/${ticketId}`, {
    queueId: queue.id,
    userId: user.id,
  });
  ticketUuid = ticket.uuid;
});

const sent = () => call<SentRecord[]>('GET', `/api/test-channel/${connectionId}/sent`);

test("create quick messages, one with an attachment, and use them with '/' in the chat", async ({ page }) => {
  await logIn(page, ana.email, ana.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Respostas rápidas' })
    .click();
  await expect(page.getByRole('heading', { name: 'Respostas rápidas' })).toBeVisible();
  await expect(page.getByText('Nenhuma resposta rápida')).toBeVisible();

  // The shortcode is required ('Obrigatório').
  await page.getByRole('button', { name: 'Adicionar' }).click();
  let dialog = page.getByRole('dialog', { name: 'Adicionar resposta rápida' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Obrigatório')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Atalho' }).fill('pix');
  await dialog.getByRole('textbox', { name: 'Resposta' }).fill(pix);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Respostas rápidas' });
  await expect(table.getByRole('row', { name: /pix/ })).toBeVisible();

  // A general one with an attachment.
  await page.getByRole('button', { name: 'Adicionar' }).click();
  dialog = page.getByRole('dialog', { name: 'Adicionar resposta rápida' });
  await dialog.getByRole('textbox', { name: 'Atalho' }).fill('catalogo');
  await dialog.getByRole('textbox', { name: 'Resposta' }).fill(catalogue);
  await dialog.getByRole('switch', { name: /Geral/ }).check();
  await dialog
    .getByLabel('Anexo')
    .setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(dialog.getByText('catalogo.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  const catalogueRow = table.getByRole('row', { name: /catalogo/ });
  await expect(catalogueRow).toContainText('catalogo.png');
  await expect(catalogueRow.getByRole('img', { name: 'Geral' })).toBeVisible();

  // In the chat: '/' lists both; typing filters by shortcode; Escape closes the list.
  await page.goto(`/tickets/${ticketUuid}`);
  const composer = page.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('/');
  const suggestions = page.getByRole('listbox', { name: 'Respostas rápidas' });
  await expect(suggestions.getByRole('option')).toHaveText([`/catalogo - ${catalogue}`, `/pix - ${pix}`]);
  await composer.press('Escape');
  await expect(suggestions).toBeHidden();

  // A text-only one fills the composer (arrow keys move, Enter chooses); Enter then sends it.
  await composer.fill('');
  await composer.fill('/');
  await composer.press('ArrowDown');
  await expect(suggestions.getByRole('option', { name: `/pix - ${pix}` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await composer.press('Enter');
  await expect(composer).toHaveValue(pix);
  await composer.press('Enter');
  await expect(page.getByRole('log', { name: 'Mensagens' }).getByText(pix)).toBeVisible();

  // One with an attachment sends the file with the message as its caption.
  await composer.fill('/CAT');
  await expect(suggestions.getByRole('option')).toHaveText([`/catalogo - ${catalogue}`]);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect.poll(async () => (await sent()).map((s) => s.kind)).toEqual(['text', 'media']);
  const [text, media] = await sent();
  expect(text!.body).toContain(pix);
  expect(media).toMatchObject({ body: catalogue, media: { filename: 'catalogo.png' } });
});

import { type Browser, expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, TINY_PNG, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const ana = { name: `Ana ${id}`, email: `ana-${id}@e2e.test`, password: 'ana-12345' };
const bia = { name: `Bia ${id}`, email: `bia-${id}@e2e.test`, password: 'bia-12345' };
const customer = {
  from: aPhone(),
  name: `Carlos ${id}`,
};
const farewell = 'Obrigado pelo contato!';

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  const vendas = await call<{ id: number }>('POST', '/api/queue', { name: 'Vendas', color: '#2e7d32' });
  // 2-administration §5: with more than one queue, each needs a greeting.
  const suporte = await call<{ id: number }>('POST', '/api/queue', {
    name: 'Suporte',
    color: '#1565c0',
    greetingMessage: 'Bem-vindo ao suporte',
  });
  // Ana sees waiting tickets without a queue (allTicket); Bia does not.
  await call('POST', '/api/users', { ...ana, profile: 'user', queueIds: [vendas.id], allTicket: 'enable' });
  await call('POST', '/api/users', { ...bia, profile: 'user', queueIds: [suporte.id] });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', {
    name: 'Loja',
    complationMessage: farewell,
  });
  connectionId = connection.id;
});

const sent = () => call<SentRecord[]>('GET', `/api/test-channel/${connectionId}/sent`);
const inbound = (body: string) =>
  call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body });

async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  return page;
}

const ticketItem = (page: Page) =>
  page.getByRole('list', { name: 'Lista de atendimentos' }).getByRole('listitem', { name: customer.name });

test('an inbound message reaches only who may see it; accept, reply with text and a file, transfer, resolve with farewell, reopen, search in messages, export as PDF', async ({
  browser,
}) => {
  const anaPage = await signedIn(browser, ana);
  const biaPage = await signedIn(browser, bia);
  await anaPage.getByRole('tab', { name: 'Aguardando' }).click();
  await biaPage.getByRole('tab', { name: 'Aguardando' }).click();

  // Live: the waiting ticket appears for Ana (allTicket) and never for Bia.
  await inbound('Olá, minha impressora não liga');
  await expect(ticketItem(anaPage)).toBeVisible();
  await biaPage.reload();
  await biaPage.getByRole('tab', { name: 'Aguardando' }).click();
  await expect(biaPage.getByText('Nada aqui!')).toBeVisible();
  await expect(ticketItem(biaPage)).toHaveCount(0);

  // Accept: no queue yet, so the queue is asked first.
  await anaPage.getByRole('button', { name: `Aceitar atendimento de ${customer.name}` }).click();
  const accept = anaPage.getByRole('dialog', { name: 'Aceitar atendimento' });
  await accept.getByRole('combobox', { name: 'Fila' }).click();
  await anaPage.getByRole('option', { name: 'Vendas' }).click();
  await accept.getByRole('button', { name: 'Aceitar' }).click();
  await expect(anaPage).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const messages = anaPage.getByRole('log', { name: 'Mensagens' });
  await expect(messages.getByText('Olá, minha impressora não liga')).toBeVisible();

  // A message arriving while the chat is open is read at once: no unread count is left behind.
  const uuid = anaPage.url().split('/').pop()!;
  await inbound('Ainda está aí?');
  await expect(messages.getByText('Ainda está aí?')).toBeVisible();
  await expect
    .poll(
      async () => (await call<{ unreadMessages: number }>('GET', `/api/tickets/u/${uuid}`)).unreadMessages,
    )
    .toBe(0);

  // Reply with text (Enter sends) and with a file and caption.
  const composer = anaPage.getByRole('textbox', { name: 'Mensagem' });
  await composer.fill('Bom dia! Vou verificar para você.');
  await composer.press('Enter');
  await expect(messages.getByText('Bom dia! Vou verificar para você.')).toBeVisible();
  await anaPage
    .getByLabel('Escolher arquivos')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: TINY_PNG });
  const preview = anaPage.getByRole('dialog', { name: /Enviar arquivos/ });
  await preview.getByRole('textbox', { name: 'Legenda' }).fill('Segue a foto');
  await preview.getByRole('button', { name: 'Enviar' }).click();
  await expect(preview).toBeHidden();
  await expect
    .poll(async () => (await sent()).map((s) => s.kind))
    .toEqual(expect.arrayContaining(['text', 'media']));
  const out = await sent();
  expect(out.find((s) => s.kind === 'text')?.body).toContain('Bom dia! Vou verificar para você.');
  expect(out.find((s) => s.kind === 'media')?.media?.filename).toBe('foto.png');

  // Transfer to Bia in Suporte: it arrives live in her list.
  await biaPage.getByRole('tab', { name: 'Atendendo' }).click();
  await anaPage.getByRole('button', { name: 'Transferir' }).click();
  const transfer = anaPage.getByRole('dialog', { name: 'Transferir atendimento' });
  // The company's users are listed at once, nothing to type first.
  await transfer.getByRole('combobox', { name: 'Usuário' }).click();
  await anaPage.getByRole('option', { name: new RegExp(bia.name) }).click();
  await transfer.getByRole('combobox', { name: 'Fila' }).click();
  await anaPage.getByRole('option', { name: 'Suporte' }).click();
  await transfer.getByRole('button', { name: 'Transferir' }).click();
  await expect(anaPage).toHaveURL(/\/tickets$/);
  await expect(anaPage.getByText(`Atendimento transferido para ${bia.name} (Suporte).`)).toBeVisible();
  await expect(ticketItem(biaPage)).toBeVisible();

  // Bia resolves with the farewell message.
  await ticketItem(biaPage).click();
  await biaPage.getByRole('button', { name: 'Resolver', exact: true }).click();
  await biaPage.getByRole('menuitem', { name: 'Resolver com mensagem de despedida' }).click();
  await expect(biaPage).toHaveURL(/\/tickets$/);
  await expect.poll(async () => (await sent()).map((s) => s.body)).toContain(farewell);

  // Reopen from the resolved list.
  await biaPage.getByRole('button', { name: 'Resolvidos' }).click();
  await ticketItem(biaPage).click();
  await biaPage.getByRole('button', { name: 'Reabrir' }).click();
  await expect(biaPage.getByRole('textbox', { name: 'Mensagem' })).toBeEnabled();

  // Search inside message contents.
  await biaPage.getByRole('button', { name: 'Busca' }).click();
  await biaPage
    .getByRole('checkbox', { name: 'Buscar também no conteúdo das mensagens (mais lento)' })
    .check();
  await biaPage.getByRole('searchbox', { name: 'Buscar atendimento e mensagens' }).fill('impressora');
  await expect(ticketItem(biaPage)).toBeVisible();

  // Export the conversation as PDF: the browser prints a transcript, in its own fonts, Turkish and emoji too.
  const turkish = 'Teşekkürler, iyi günler: ışık, İğne, ğüşöç 😀👍🏽';
  await inbound(turkish);
  await ticketItem(biaPage).click();
  await expect(biaPage.getByRole('log', { name: 'Mensagens' }).getByText(turkish)).toBeVisible();
  // The print dialog stands in for the user's "Save as PDF": the transcript's frame says it was asked for.
  await biaPage.addInitScript(() => {
    if (window.parent !== window)
      window.print = () => window.parent.document.body.setAttribute('data-printed', 'yes');
  });
  await biaPage.getByRole('button', { name: 'Opções do atendimento' }).click();
  await biaPage.getByRole('menuitem', { name: 'Exportar PDF' }).click();
  await expect(biaPage.locator('body')).toHaveAttribute('data-printed', 'yes');
  const transcript = biaPage.frameLocator('iframe[title="chat-transcript"]');
  await expect(transcript.getByText(turkish, { exact: true })).toHaveCount(1);
  await expect(transcript.getByText('Olá, minha impressora não liga', { exact: true })).toHaveCount(1);
});

test('new ticket: find the contact from three characters, pick the queue, and be told Bia already serves him', async ({
  browser,
}) => {
  const anaPage = await signedIn(browser, ana);
  await anaPage.getByRole('button', { name: 'Novo ticket' }).click();
  const dialog = anaPage.getByRole('dialog', { name: 'Criar ticket' });
  await dialog.getByRole('combobox', { name: 'Contato' }).fill(customer.name.slice(0, 6));
  await anaPage.getByRole('option', { name: new RegExp(customer.name) }).click();
  await dialog.getByRole('combobox', { name: 'Fila' }).click();
  await anaPage.getByRole('option', { name: 'Vendas' }).click();
  await dialog.getByRole('button', { name: 'Criar' }).click();

  // The first test left Carlos's conversation reopened by Bia in Suporte: the server answers 409 with it.
  const alreadyOpen = anaPage.getByRole('dialog', { name: 'Atendimento em andamento' });
  await expect(alreadyOpen).toContainText(`${bia.name} na fila Suporte`);
  await expect(dialog).toBeHidden();
});

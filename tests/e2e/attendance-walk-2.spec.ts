import { expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

// Set-ups of dozens of messages, on a machine the suite shares.
test.describe.configure({ timeout: 120_000 });

const id = unique();
const admin = { name: `Íris ${id}`, email: `iris-${id}@e2e.test`, password: 'iris-12345' };
const customer = { from: aPhone(), name: `Rebeca ${id}` };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  const inbound = (body: string) =>
    call('POST', `/api/test-channel/${connection.id}/inbound`, { ...customer, body });
  // The match is three pages (of 20) back from the newest message.
  await inbound('Oi, comprei uma cafeteira semana passada e quero o Reembolso dela, chegou quebrada');
  for (let i = 1; i <= 50; i++) await inbound(`mensagem ${i}`);
});

async function signIn(page: Page) {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
}

test('a search in messages shows the matching snippet with the term marked, and opens the chat on that message', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'Busca' }).click();
  await page.getByRole('checkbox', { name: 'Buscar também no conteúdo das mensagens (mais lento)' }).check();
  await page.getByRole('searchbox', { name: 'Buscar atendimento e mensagens' }).fill('reembolso');
  const result = page.getByRole('listitem', { name: customer.name });
  const snippet = result.getByTestId('search-snippet');
  await expect(snippet).toContainText('quero o Reembolso dela');
  await expect(snippet.locator('mark')).toHaveText('Reembolso');

  await result.getByRole('button').first().click();
  await expect(page).toHaveURL(/\?message=\d+/);
  const found = page.locator('[data-found="true"]');
  // Two older pages load first (on a busy machine, seconds each).
  await expect(found).toContainText('quero o Reembolso dela', { timeout: 30_000 });
  await expect(found).toBeInViewport();
});

const regular = { from: aPhone(), name: `Marcelo Antunes Ribeiro da Silva ${id}` };
let earlier = { id: 0, uuid: '' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...admin, email: `2-${admin.email}`, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  const inbound = (body: string) =>
    call('POST', `/api/test-channel/${connection.id}/inbound`, { ...regular, body });
  await inbound('Primeira compra');
  type Listed = { tickets: { id: number; uuid: string; contactId: number }[] };
  const [first] = (await call<Listed>('GET', '/api/tickets?showAll=true')).tickets;
  earlier = first!;
  await call('PUT', `/api/tickets/${first!.id}`, { status: 'closed', sendFarewellMessage: false });
  await inbound('Voltei, preciso de ajuda de novo');
  const current = (await call<Listed>('GET', '/api/tickets?showAll=true&status=pending')).tickets[0]!;
  await call('PUT', `/api/contacts/${current.contactId}`, {
    name: regular.name,
    number: regular.from,
    email: 'marcelo@example.com',
    extraInfo: [{ name: 'CPF', value: '123.456.789-09' }],
  });
  await call('POST', '/api/ticket-notes', { note: 'Cliente prefere contato à tarde', ticketId: current.id });
});

test('at 1440 px the contact drawer leaves the chat header whole and shows email, extra info, consent, earlier tickets and notes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, `2-${admin.email}`, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  await page.getByRole('listitem', { name: regular.name }).getByRole('button').first().click();
  const header = page.getByRole('button', { name: `Dados do contato ${regular.name}` });
  await header.click();
  const drawer = page.getByRole('dialog', { name: 'Dados do contato' });
  await expect(drawer.getByText('marcelo@example.com')).toBeVisible();
  await expect(drawer.getByText('123.456.789-09')).toBeVisible();
  await expect(drawer.getByText('Consentimento LGPD')).toBeVisible();
  await expect(drawer.getByText('Não registrado')).toBeVisible();
  await expect(drawer.getByText('Cliente prefere contato à tarde')).toBeVisible();
  // The header keeps the contact's name whole: the drawer lies over the chat instead of squeezing it.
  // (The drawer is modal: the header is hidden from roles behind it, so found by its label.)
  const name = page.locator(`[aria-label="Dados do contato ${regular.name}"] p`).first();
  await expect(name).toContainText(regular.name);
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await drawer.getByRole('button', { name: new RegExp(`#${earlier.id} · Resolvido`) }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${earlier.uuid}`));
  await expect(page.getByRole('log', { name: 'Mensagens' }).getByText('Primeira compra')).toBeVisible();
});

test('on a 390 px phone an admin table keeps its row actions in reach and the top bar greets by first name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, admin.email, admin.password);
  await expect(page.getByTestId('short-greeting')).toBeVisible();
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Usuários' });
  const edit = table.getByRole('button', { name: `Editar ${admin.name}` });
  await expect(edit).toBeInViewport();
  await edit.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  const greeting = page.getByTestId('short-greeting');
  await expect(greeting).toHaveText(`Olá, ${admin.name.split(' ')[0]}`);
  expect(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

const paula = { from: aPhone(), name: `Paula ${id}` };
let colleague = '';
const vipTag = `VIP ${id}`;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call, admin: owner } = await aCompanyWithAdmin(request);
  colleague = owner.name;
  await call('POST', '/api/users', { ...admin, email: `3-${admin.email}`, profile: 'admin' });
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  const { ticketId } = await call<{ ticketId: number }>(
    'POST',
    `/api/test-channel/${connection.id}/inbound`,
    { ...paula, body: 'Meu código é ```ABC-123```' },
  );
  const tag = await call<{ id: number }>('POST', '/api/tags', { name: vipTag, color: '#7B1FA2', kanban: 0 });
  await call('PUT', `/api/ticket-tags/${ticketId}/${tag.id}`);
  const other = { from: aPhone(), name: `Otto ${id}` };
  const answered = await call<{ ticketId: number }>('POST', `/api/test-channel/${connection.id}/inbound`, {
    ...other,
    body: 'Oi',
  });
  await call('POST', `/api/messages/${answered.ticketId}`, { body: 'Já verifico', fromMe: true });
});

test("the list's previews render monospace and say who wrote the last message", async ({ page }) => {
  await logIn(page, `3-${admin.email}`, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'Busca' }).click();
  const list = page.getByRole('list', { name: 'Lista de atendimentos' });
  const fromContact = list.getByRole('listitem', { name: paula.name });
  await expect(fromContact).toContainText('Meu código é ABC-123');
  await expect(fromContact).not.toContainText('```');
  await expect(fromContact.getByText('ABC-123', { exact: true })).toHaveCSS('font-family', 'monospace');
  await expect(list.getByRole('listitem', { name: `Otto ${id}` })).toContainText(`${colleague}: Já verifico`);
});

test('"Esqueci minha senha" on the login page tells to ask an administrator', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Esqueceu a senha?' });
  await expect(dialog).toContainText('Peça a um administrador da sua empresa');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
});

test('taking a tag off a ticket with one click can be undone from the toast', async ({ page }) => {
  await logIn(page, `3-${admin.email}`, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'Busca' }).click();
  await page.getByRole('listitem', { name: paula.name }).getByRole('button').first().click();
  const bar = page.locator('.MuiAutocomplete-root');
  const chip = bar.locator('.MuiChip-root', { hasText: vipTag });
  await chip.locator('.MuiChip-deleteIcon').click();
  await expect(chip).toHaveCount(0);
  const toast = page.getByRole('alert').filter({ hasText: `Tag ${vipTag} removida do atendimento.` });
  await toast.getByRole('button', { name: 'Desfazer' }).click();
  await expect(chip).toBeVisible();
});

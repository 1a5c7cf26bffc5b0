import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { aCompanyWithAdmin, logIn, setPlatformSetting, TINY_PNG, unique } from './helpers';

/*
 * The connection dialog's tabs (2-administration §2.3), pairing by phone number, restarting, the side
 * menu's warning and the super administrator's overview (§2.4). The journey server's WhatsApp is the
 * offline fake: POST /api/test-channel/whatsapp/:id/open plays the phone linking.
 */

let company: Awaited<ReturnType<typeof aCompanyWithAdmin>>;
let admin: { email: string; password: string };
let companyName: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await setPlatformSetting(request, 'supportLink', 'https://wa.me/5511999990000');
  company = await aCompanyWithAdmin(request);
  admin = { email: `dialog-${unique()}@e2e.test`, password: 'dialog-123' };
  await company.call('POST', '/api/users', { ...admin, name: 'Davi Diálogo', profile: 'admin' });
  const me = await company.call<{ company: { name: string } }>('GET', '/api/auth/me');
  companyName = me.company.name;
  for (const [name, color] of [
    ['Vendas', '#1976d2'],
    ['Importados', '#9c27b0'],
  ]) {
    // With more than one queue each needs a greeting (2-administration §5).
    await company.call('POST', '/api/queue', { name, color, greetingMessage: `Fila ${name}` });
  }
  // The schedules tab shows only when the company's service hours are the connections'.
  await company.call('PUT', '/api/companySettings', { column: 'scheduleType', data: 'connection' });
});

const two = (n: number) => String(n).padStart(2, '0');
const DAY = 24 * 60 * 60 * 1000;
/** A day from now as a date input holds it (the browser runs in this machine's time zone). */
const dateInput = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};
const dateTimeInput = (days: number) => `${dateInput(days)}T09:30`;

async function openConnections(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: /^Conexões/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Conexões' })).toBeVisible();
}

async function chooseOption(dialog: Locator, page: Page, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

test('fill and save every tab of the connection dialog, then see the values when it opens again', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await openConnections(page);
  await page.getByRole('button', { name: 'Adicionar conexão' }).click();
  await page.getByRole('menuitem', { name: 'WhatsApp', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar WhatsApp' });
  const tab = (name: string) => dialog.getByRole('tab', { name }).click();

  // General: name, a queue, the token (regenerated), the import.
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Loja Diálogo');
  await chooseOption(dialog, page, 'Filas', 'Vendas');
  await page.keyboard.press('Escape');
  const token = dialog.getByRole('textbox', { name: 'Token' });
  const firstToken = await token.inputValue();
  expect(firstToken).toMatch(/^[A-Za-z0-9]{30}$/);
  await dialog.getByRole('button', { name: 'Gerar novo token' }).click();
  await expect(token).not.toHaveValue(firstToken);
  const savedToken = await token.inputValue();
  await dialog.getByLabel('Importar mensagens antigas ao conectar').check();
  await dialog.getByLabel('Importar a partir de').fill(dateTimeInput(-30));
  await dialog.getByLabel('Importar até').fill(dateTimeInput(-1));
  await chooseOption(dialog, page, 'Fila dos atendimentos importados', 'Importados');

  // Messages: the greeting with its image, the vacation.
  await tab('Mensagens');
  await dialog.getByRole('textbox', { name: 'Mensagem de saudação' }).fill('Olá! Como podemos ajudar?');
  await dialog.getByLabel('Anexo da saudação').setInputFiles({
    name: 'boas-vindas.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(dialog.getByText('boas-vindas.png')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Mensagem de conclusão' }).fill('Obrigado pelo contato!');
  await dialog.getByRole('textbox', { name: 'Mensagem de férias coletivas' }).fill('Voltamos em janeiro.');
  await dialog.getByLabel('Início das férias').fill(dateInput(5));
  await dialog.getByLabel('Fim das férias').fill(dateInput(20));

  // Chatbot: a redirect, and an inactivity message without its closing time is refused on its tab.
  await tab('Chatbot');
  await dialog.getByRole('textbox', { name: 'Redirecionar após (minutos)' }).fill('10');
  await chooseOption(dialog, page, 'Fila de destino', 'Vendas');
  await dialog.getByRole('textbox', { name: 'Mensagem de inatividade após (minutos)' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Mensagem de inatividade', exact: true }).fill('Ainda está aí?');
  await tab('Avaliações');
  await dialog.getByRole('textbox', { name: 'Mensagem de avaliação' }).fill('Dê uma nota de 0 a 10');
  await dialog.getByRole('textbox', { name: 'A avaliação expira após (minutos)' }).fill('20');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByRole('tab', { name: 'Chatbot' })).toHaveAttribute('aria-selected', 'true');
  const expires = dialog.getByRole('textbox', { name: 'Encerrar atendimento inativo após (minutos)' });
  await expect(expires).toHaveAccessibleDescription('Obrigatório');
  await expires.fill('30');
  await chooseOption(dialog, page, 'Ao encerrar', 'Fechar enviando a mensagem de encerramento');

  // Schedules: a change says it needs Save.
  await tab('Horários');
  await dialog.getByLabel('Início do turno A — Domingo').fill('10:00');
  await expect(page.getByText('Clique em Salvar para registrar a alteração dos horários.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Conexão salva com sucesso.')).toBeVisible();

  // Opened again, every tab shows what was saved.
  const row = page.getByRole('table', { name: 'Conexões' }).getByRole('row', { name: /Loja Diálogo/ });
  await row.getByRole('button', { name: 'Editar Loja Diálogo' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar WhatsApp' });
  await expect(edit.getByRole('textbox', { name: 'Nome' })).toHaveValue('Loja Diálogo');
  await expect(edit.getByRole('textbox', { name: 'Token' })).toHaveValue(savedToken);
  await expect(edit.getByRole('combobox', { name: 'Filas' })).toContainText('Vendas');
  await expect(edit.getByLabel('Importar a partir de')).toHaveValue(dateTimeInput(-30));
  await expect(edit.getByLabel('Importar até')).toHaveValue(dateTimeInput(-1));
  await expect(edit.getByRole('combobox', { name: 'Fila dos atendimentos importados' })).toContainText(
    'Importados',
  );
  await edit.getByRole('tab', { name: 'Mensagens' }).click();
  await expect(edit.getByRole('textbox', { name: 'Mensagem de saudação' })).toHaveValue(
    'Olá! Como podemos ajudar?',
  );
  await expect(edit.getByText(/\.png$/)).toBeVisible();
  await expect(edit.getByRole('img', { name: 'Anexo da saudação' })).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Mensagem de conclusão' })).toHaveValue(
    'Obrigado pelo contato!',
  );
  await expect(edit.getByLabel('Início das férias')).toHaveValue(dateInput(5));
  await expect(edit.getByLabel('Fim das férias')).toHaveValue(dateInput(20));
  await edit.getByRole('tab', { name: 'Chatbot' }).click();
  await expect(edit.getByRole('textbox', { name: 'Redirecionar após (minutos)' })).toHaveValue('10');
  await expect(edit.getByRole('combobox', { name: 'Fila de destino' })).toContainText('Vendas');
  await expect(
    edit.getByRole('textbox', { name: 'Encerrar atendimento inativo após (minutos)' }),
  ).toHaveValue('30');
  await expect(edit.getByRole('combobox', { name: 'Ao encerrar' })).toContainText('mensagem de encerramento');
  await edit.getByRole('tab', { name: 'Avaliações' }).click();
  await expect(edit.getByRole('textbox', { name: 'Mensagem de avaliação' })).toHaveValue(
    'Dê uma nota de 0 a 10',
  );
  await expect(edit.getByRole('textbox', { name: 'A avaliação expira após (minutos)' })).toHaveValue('20');
  await edit.getByRole('tab', { name: 'Horários' }).click();
  await expect(edit.getByLabel('Início do turno A — Domingo')).toHaveValue('10:00');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
});

test('add a WhatsApp Cloud API connection: its account on the general tab, its token asked for, no history import', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await openConnections(page);
  await page.getByRole('button', { name: 'Adicionar conexão' }).click();
  await page.getByRole('menuitem', { name: 'WhatsApp Cloud API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar WhatsApp Cloud API' });
  await expect(dialog.getByRole('tab', { name: 'Chatbot' })).toBeVisible();
  // The Graph API hands over no history.
  await expect(dialog.getByText('Importar mensagens do aparelho')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Central Nuvem');
  await dialog
    .getByRole('textbox', { name: 'ID do número de telefone' })
    .fill(String(Math.floor(1e12 + Math.random() * 9e12)));
  await dialog.getByRole('textbox', { name: 'ID da conta do WhatsApp Business' }).fill('9876543210');

  // Saved from another tab without the token: back on the general tab, under the token.
  await dialog.getByRole('tab', { name: 'Mensagens' }).click();
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');
  const token = dialog.getByLabel('Token de acesso');
  await expect(token).toHaveAccessibleDescription('Obrigatório');
  await token.fill('EAAG-e2e-token');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Conexões' }).getByRole('row', { name: /Central Nuvem/ });
  await expect(row).toBeVisible();
  // No Graph API answers this journey: the connection would keep the menu's warning on for the next one.
  await row.getByRole('button', { name: 'Excluir Central Nuvem' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir conexão Central Nuvem?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(row).toBeHidden();
});

test('link a phone by its pairing code, watch the menu warning clear, and restart the connections', async ({
  page,
}) => {
  const { id } = await company.call<{ id: number }>('POST', '/api/whatsapp', { name: 'Loja Código' });
  await logIn(page, admin.email, admin.password);
  // Connections waiting for a phone: the menu warns (2000 ms after load).
  await expect(page.getByTestId('connections-warning')).toBeVisible();
  await openConnections(page);
  const row = page.getByRole('table', { name: 'Conexões' }).getByRole('row', { name: /Loja Código/ });
  await row.getByRole('button', { name: 'QR Code' }).click();
  const qr = page.getByRole('dialog', { name: 'Leia o QR Code para iniciar a sessão' });
  await qr.getByRole('button', { name: 'Conectar com o número de telefone' }).click();
  await qr.getByRole('textbox', { name: 'Número do celular' }).fill('12');
  await qr.getByRole('button', { name: 'Gerar código' }).click();
  await expect(qr.getByText('Muito curto!')).toBeVisible();
  await qr.getByRole('textbox', { name: 'Número do celular' }).fill('+55 11 91234-5678');
  await qr.getByRole('button', { name: 'Gerar código' }).click();
  await expect(qr.getByTestId('pairing-code')).toHaveText('ABCD-1234');
  await expect
    .poll(async () => (await company.call<{ status: string }>('GET', `/api/whatsapp/${id}`)).status)
    .toBe('PAIRING');

  // The phone links: the modal closes itself, the row is connected.
  await company.call('POST', `/api/test-channel/whatsapp/${id}/open`);
  await expect(qr).toBeHidden();
  await expect(row.getByTestId('connection-status')).toHaveText('Conectado');
  // Other connections of the first journey may still wait: the warning clears once none does.
  const others = await company.call<{ id: number; status: string }[]>('GET', '/api/whatsapp');
  for (const other of others.filter((c) => c.id !== id && c.status !== 'CONNECTED')) {
    await company.call('POST', `/api/test-channel/whatsapp/${other.id}/open`);
  }
  await expect(page.getByTestId('connections-warning')).toBeHidden();

  await page.getByRole('button', { name: 'Reiniciar conexões' }).click();
  await page
    .getByRole('dialog', { name: 'Reiniciar todas as conexões?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByText('As conexões estão sendo reiniciadas.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chamar o suporte' })).toHaveAttribute(
    'href',
    'https://wa.me/5511999990000',
  );
});

test('the super administrator sees every company’s connections; an admin is sent to the tickets', async ({
  page,
}) => {
  const { id } = await company.call<{ id: number }>('POST', '/api/whatsapp', { name: 'Loja Visão Geral' });
  await company.call('POST', `/api/test-channel/whatsapp/${id}/open`);
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/allConnections');
  await expect(page).toHaveURL(/\/tickets$/);

  // Signed out (the session lives in the refresh cookie), the super administrator signs in.
  await page.context().clearCookies();
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Todas as conexões' })
    .click();
  const table = page.getByRole('table', { name: 'Todas as conexões' });
  const row = table.getByRole('row', { name: new RegExp(companyName) });
  const connections = await company.call<{ status: string }[]>('GET', '/api/whatsapp');
  const connected = connections.filter((c) => c.status === 'CONNECTED').length;
  await expect(row.getByRole('cell')).toHaveText([
    companyName,
    String(connected),
    String(connections.length - connected),
    String(connections.length),
    '',
  ]);
  await expect(table.getByTestId('all-connections-totals')).toContainText('Total geral');
  await row.getByRole('button', { name: `Ver conexões de ${companyName}` }).click();
  const detail = page.getByRole('dialog', { name: `Conexões de ${companyName}` });
  await expect(detail.getByRole('row', { name: /Loja Visão Geral/ })).toContainText('Conectado');
  await detail.getByRole('button', { name: 'Fechar' }).click();
  await expect(detail).toBeHidden();
});

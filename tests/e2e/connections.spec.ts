import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn, shown, unique } from './helpers';

/*
 * The journey server runs with ATENDO_TEST_CHANNEL=1, so WhatsApp sockets are the offline fake: each
 * offers a QR code at once, and POST /api/test-channel/whatsapp/:id/open plays the phone scanning it.
 */

let admin: { email: string; password: string };
let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const company = await aCompanyWithAdmin(request);
  call = company.call;
  admin = { email: `conn-${unique()}@e2e.test`, password: 'conn-12345' };
  await call('POST', '/api/users', { ...admin, name: 'Rita Conexões', profile: 'admin' });
});

test('connect a WhatsApp number with its QR code, then edit and delete the connection', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Conexões' })
    .click();
  await expect(page.getByRole('heading', { name: 'Conexões' })).toBeVisible();
  await expect(page.getByText('Nenhuma conexão')).toBeVisible();

  // A new connection: the name is validated, then its session starts and offers a QR code.
  await page.getByRole('button', { name: 'Adicionar conexão' }).click();
  await page.getByRole('menuitem', { name: 'WhatsApp', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Adicionar WhatsApp' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('L');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Muito curto!')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Loja Centro');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Conexões' });
  const row = table.getByRole('row', { name: /Loja Centro/ });
  await expect(row.getByTestId('connection-status')).toHaveText('Aguardando leitura do QR Code');
  await expect(row.getByLabel('Conexão padrão')).toBeVisible();
  const [connection] = await call<{ id: number }[]>('GET', '/api/whatsapp');

  await row.getByRole('button', { name: 'QR Code' }).click();
  const qr = page.getByRole('dialog', { name: 'Leia o QR Code para iniciar a sessão' });
  // Drawn as an image of the session's code.
  await expect(qr.getByTestId('qrcode')).toHaveAttribute('data-code', /atendo-offline-qr/);
  await expect(qr.getByTestId('qrcode')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // The phone scans it: the session turns CONNECTED live and the modal closes itself.
  await call('POST', `/api/test-channel/whatsapp/${connection!.id}/open`);
  await expect(qr).toBeHidden();
  await expect(row.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(row).toContainText(shown('5511900001111'));

  // Disconnecting logs the session out; a new QR code starts it again.
  await row.getByRole('button', { name: 'Desconectar' }).click();
  await expect(row.getByTestId('connection-status')).toHaveText('Desconectado');
  await row.getByRole('button', { name: 'Novo QR Code' }).click();
  await expect(row.getByTestId('connection-status')).toHaveText('Aguardando leitura do QR Code');

  // Edit: the messages tab keeps what is typed.
  await row.getByRole('button', { name: 'Editar Loja Centro' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar WhatsApp' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Loja Norte');
  await dialog.getByRole('tab', { name: 'Mensagens' }).click();
  await dialog.getByRole('textbox', { name: 'Mensagem de conclusão' }).fill('Obrigado pelo contato!');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const renamed = table.getByRole('row', { name: /Loja Norte/ });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Editar Loja Norte' }).click();
  await dialog.getByRole('tab', { name: 'Mensagens' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Mensagem de conclusão' })).toHaveValue(
    'Obrigado pelo contato!',
  );
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Delete, after confirming.
  await renamed.getByRole('button', { name: 'Excluir Loja Norte' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir conexão Loja Norte?' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(renamed).toBeHidden();
  await expect(page.getByText('Nenhuma conexão')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn } from './helpers';

let admin: Awaited<ReturnType<typeof aCompanyWithAdmin>>['admin'];

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const company = await aCompanyWithAdmin(request);
  admin = company.admin;
  const { call } = company;
  await call('POST', '/api/test-channel/connections', { name: 'Loja' });
  const connections = await call<{ id: number; name: string }[]>('GET', '/api/whatsapp');
  const tag = await call<{ id: number }>('POST', '/api/tags', { name: 'Clientes VIP', color: '#2e7d32' });
  // Scheduled in 30 minutes for a tag's contacts: PROGRAMADA and inside the hour of the edit lock.
  await call('POST', '/api/campaigns', {
    name: 'Natal travada',
    whatsappId: connections.find((c) => c.name === 'Loja')!.id,
    tagListId: tag.id,
    scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    message1: 'Feliz Natal!',
  });
});

test('create a campaign through the dialog, see it listed, and find a locked one read-only', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: 'Campanhas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Campanhas' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Campanhas' });
  await expect(table.getByRole('row', { name: /Natal travada/ })).toContainText('Programada');

  // §5: the name and the connection are required ('Required', shown in Portuguese).
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha' });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Obrigatório')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Black Friday');
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await page.getByRole('option', { name: 'Loja' }).click();
  // A variable chip goes into the message of the open tab.
  await dialog.getByRole('textbox', { name: 'Mensagem 1' }).fill('Olá');
  await dialog.getByRole('button', { name: 'Inserir {nome}' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Mensagem 1' })).toHaveValue('Olá {nome}');
  // The confirmation switch shows the confirmation tabs.
  await expect(dialog.getByRole('tab', { name: 'Confirmação 1' })).toHaveCount(0);
  await dialog.getByRole('switch', { name: 'Confirmação' }).check();
  await dialog.getByRole('tab', { name: 'Confirmação 1' }).click();
  await dialog.getByRole('textbox', { name: 'Mensagem de confirmação 1' }).fill('Posso enviar a oferta?');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Campanha salva com sucesso.')).toBeVisible();
  const row = table.getByRole('row', { name: /Black Friday/ });
  await expect(row).toContainText('Inativa');
  await expect(row).toContainText('Loja');
  await expect(row).toContainText('Habilitada');

  // Past the edit lock the dialog is read-only, with the reason.
  await table.getByRole('button', { name: 'Editar Natal travada' }).click();
  const locked = page.getByRole('dialog', { name: 'Campanha' });
  await expect(locked.getByText(/Somente leitura/)).toBeVisible();
  await expect(locked.getByRole('textbox', { name: 'Nome' })).toBeDisabled();
  await expect(locked.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await locked.getByRole('button', { name: 'Fechar' }).click();
  await expect(locked).toBeHidden();
});

test('save the campaign settings', async ({ page }) => {
  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações de campanha' })
    .click();
  await expect(page.getByRole('heading', { name: 'Configurações de campanha' })).toBeVisible();
  // §9: 70 is shown as 60 seconds.
  await page.getByRole('combobox', { name: 'Intervalo randômico de disparo' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Sem intervalo',
    '5 segundos',
    '10 segundos',
    '15 segundos',
    '20 segundos',
    '30 segundos',
    '40 segundos',
    '60 segundos',
    '80 segundos',
    '100 segundos',
    '120 segundos',
  ]);
  await page.getByRole('option', { name: '40 segundos' }).click();
  await page.getByRole('switch', { name: 'Enviar aos sábados' }).check();
  await page.getByRole('button', { name: 'Adicionar variável' }).click();
  await page.getByRole('textbox', { name: 'Atalho' }).fill('loja');
  await page.getByRole('textbox', { name: 'Conteúdo' }).fill('Centro');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas')).toBeVisible();

  // Read back after a reload (the browser's sign-in replaced the API session of the set-up).
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Intervalo randômico de disparo' })).toHaveText(
    '40 segundos',
  );
  await expect(page.getByRole('switch', { name: 'Enviar aos sábados' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Enviar aos domingos' })).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Conteúdo' })).toHaveValue('Centro');

  // The custom variable is offered in the campaign dialog.
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await expect(page.getByRole('button', { name: 'Inserir {loja}' })).toBeVisible();
});

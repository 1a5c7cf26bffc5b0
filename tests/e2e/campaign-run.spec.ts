import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, unique } from './helpers';

/**
 * A campaign run end to end through the test channel: a list built by import, a campaign created in the
 * dialog and scheduled a few seconds ahead, its report filling live, and a run stopped and restarted.
 */
let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
// The browser signs in as a second admin: the set-up's API session stays valid beside it.
const admin = { name: `Rita ${unique()}`, email: `rita-${unique()}@e2e.test`, password: 'rita-12345' };
let connectionId: number;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  connectionId = (await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' })).id;
  // A tag two contacts carry: the dialog's tag picker counts them.
  const tag = await call<{ id: number }>('POST', '/api/tags', { name: 'Fiéis', color: '#2e7d32' });
  for (const name of ['Gil', 'Lia'])
    await call('POST', '/api/contacts', { name, number: aPhone(), tags: [tag.id] });
});

async function signIn(page: Page) {
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
}

/** The window covers every moment of every day, so the run never waits for it. */
const openWindow = (messageInterval: number) =>
  call('POST', '/api/campaign-settings', {
    messageInterval,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    sabado: true,
    domingo: true,
    startHour: '00:00',
    endHour: '23:59',
  });

/** What the test channel sent whose text carries `marker`, by recipient. */
async function sentWith(marker: string) {
  const sent = await call<(SentRecord & { to: string })[]>('GET', `/api/test-channel/${connectionId}/sent`);
  return sent.filter((s) => s.body.includes(marker)).map((s) => s.to.replace(/\D/g, ''));
}

/** `seconds` from now as the datetime-local input takes it (the browser's local time, seconds kept). */
function localInput(seconds: number) {
  const at = new Date(Date.now() + seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

async function createCampaign(page: Page, name: string, list: string, message: string, inSeconds: number) {
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova campanha' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await page.getByRole('option', { name: 'Loja' }).click();
  await dialog.getByRole('combobox', { name: 'Tag' }).click();
  await expect(page.getByRole('option', { name: 'Fiéis (2 contatos)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Lista de contatos' }).click();
  await page.getByRole('option', { name: list }).click();
  await dialog.getByLabel('Agendamento').fill(localInput(inSeconds));
  await dialog.getByRole('textbox', { name: 'Mensagem 1' }).fill(message);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Campanhas' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Programada');
  return row;
}

test('build a list by import, run a campaign through the test channel and watch its report fill live', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  await openWindow(0);
  const members = [
    { name: `Ana ${id}`, number: aPhone() },
    { name: `Bia ${id}`, number: aPhone() },
    { name: `Caio ${id}`, number: aPhone() },
    { name: `Duda ${id}`, number: aPhone() },
  ];
  const workbook = new ExcelJS.Workbook();
  workbook
    .addWorksheet('Lista')
    .addRows([['Nome', 'Número', 'Email'], ...members.map((m) => [m.name, m.number, ''])]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

  await signIn(page);
  await page.goto('/contact-lists');
  await page.getByRole('button', { name: 'Nova lista' }).click();
  const listDialog = page.getByRole('dialog', { name: 'Nova lista' });
  await listDialog.getByRole('textbox', { name: 'Nome' }).fill(`Natal ${id}`);
  await listDialog.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('link', { name: `Natal ${id}` }).click();
  await page.getByTestId('contact-list-import-file').setInputFiles({
    name: 'natal.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await page
    .getByRole('dialog', { name: 'Importar contatos' })
    .getByRole('button', { name: 'Importar' })
    .click();
  const summary = page.getByRole('dialog', { name: 'Importação concluída' });
  await expect(summary).toContainText('Adicionados: 4');
  await summary.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('img', { name: 'Número válido no WhatsApp' })).toHaveCount(4, {
    timeout: 20_000,
  });

  const marker = `Feliz Natal ${id}`;
  const row = await createCampaign(page, `Natal ${id}`, `Natal ${id}`, `${marker}, {nome}!`, 5);
  await row.getByRole('button', { name: `Relatório de Natal ${id}` }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
  await expect(page.getByRole('heading', { name: `Relatório da campanha Natal ${id}` })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('0 de 4 entregues');
  // The sweep starts it (every 15 s at most) and the events fill the report without a reload.
  await expect(page.getByRole('status')).toHaveText('4 de 4 entregues', { timeout: 45_000 });
  await expect(page.getByText('Finalizada')).toBeVisible({ timeout: 10_000 });

  const to = await sentWith(marker);
  expect(to.sort()).toEqual(members.map((m) => m.number).sort());
  const bodies = (await call<SentRecord[]>('GET', `/api/test-channel/${connectionId}/sent`))
    .map((s) => s.body)
    .filter((b) => b.includes(marker));
  expect(bodies.sort()).toEqual(members.map((m) => `${marker}, ${m.name}!`).sort());
});

test('stop a paced run from the list, restart it, and every member gets exactly one message', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  // 5 s between messages (plus the sender's jitter): slow enough to stop it after the first.
  await openWindow(5);
  const list = await call<{ id: number }>('POST', '/api/contact-lists', { name: `Pascoa ${id}` });
  const numbers = [aPhone(), aPhone(), aPhone()];
  for (const [i, number] of numbers.entries())
    await call('POST', '/api/contact-list-items', {
      contactListId: list.id,
      name: `Membro ${i} ${id}`,
      number,
    });

  await signIn(page);
  const marker = `Feliz Pascoa ${id}`;
  const row = await createCampaign(page, `Pascoa ${id}`, `Pascoa ${id}`, marker, 5);
  await expect(row).toContainText('Em Andamento', { timeout: 30_000 });
  await expect.poll(() => sentWith(marker).then((s) => s.length), { timeout: 20_000 }).toBeGreaterThan(0);
  await row.getByRole('button', { name: `Parar Pascoa ${id}` }).click();
  await expect(page.getByText('Campanha parada.')).toBeVisible();
  await expect(row).toContainText('Cancelada');
  const before = (await sentWith(marker)).length;
  expect(before).toBeLessThan(numbers.length);
  // Stopped: nothing more goes out while it stays cancelled.
  await page.waitForTimeout(12_000);
  expect((await sentWith(marker)).length).toBe(before);

  await row.getByRole('button', { name: `Reiniciar Pascoa ${id}` }).click();
  await expect(page.getByText('Campanha reiniciada.')).toBeVisible();
  await expect(row).toContainText('Finalizada', { timeout: 60_000 });
  expect((await sentWith(marker)).sort()).toEqual([...numbers].sort());
});

test('a run held by the connection’s daily limit says why and when it resumes, on its report and in the list', async ({
  page,
}) => {
  const id = unique();
  // A ceiling of one message a day for two members (the earlier runs of this connection may have used it up).
  await call('POST', '/api/campaign-settings', {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    sabado: true,
    domingo: true,
    startHour: '00:00',
    endHour: '23:59',
    jitterSeconds: 0,
    warmUp: false,
    dailyLimit: 1,
  });
  const list = await call<{ id: number }>('POST', '/api/contact-lists', { name: `Limite ${id}` });
  for (const i of [1, 2])
    await call('POST', '/api/contact-list-items', {
      contactListId: list.id,
      name: `Membro ${i} ${id}`,
      number: aPhone(),
    });
  // Saved with its time already come: it starts at once.
  const campaign = await call<{ id: number }>('POST', '/api/campaigns', {
    name: `Limite ${id}`,
    whatsappId: connectionId,
    contactListId: list.id,
    message1: `Limite ${id}`,
    scheduledAt: new Date().toISOString(),
  });

  await signIn(page);
  await page.goto(`/campaign/${campaign.id}/report`);
  await expect(page.getByRole('alert')).toContainText(
    /Pausada: limite diário da conexão atingido — retoma em/,
    {
      timeout: 30_000,
    },
  );
  await page.goto('/campaigns');
  const row = page.getByRole('row', { name: new RegExp(`Limite ${id}`) });
  await expect(row).toContainText('Pausada');
  await call('POST', `/api/campaigns/${campaign.id}/cancel`);
});

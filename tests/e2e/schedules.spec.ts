import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let admin: Awaited<ReturnType<typeof aCompanyWithAdmin>>['admin'];
let connectionId: number;
let ticketUuid: string;
let contactId: number;
const id = unique();
const contactName = `Cliente ${id}`;
const fromChat = `Lembrete do chat ${id}`;
const fromPage = `Lembrete da agenda ${id}`;

/** The current minute as a datetime-local input takes it: due at once, so the 1 s job poll sends it. */
const thisMinute = () => {
  const at = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call, admin } = await aCompanyWithAdmin(request));
  const connection = await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' });
  connectionId = connection.id;
  const { ticketId } = await call<{ ticketId: number }>('POST', `/api/test-channel/${connectionId}/inbound`, {
    from: aPhone(),
    name: contactName,
    body: 'Podem me lembrar da consulta?',
  });
  // The admin takes the conversation (the answer carries its address and contact).
  const ticket = await call<{ uuid: string; contactId: number }>('PUT', `/api/tickets/${ticketId}`, {
    status: 'open',
  });
  ticketUuid = ticket.uuid;
  contactId = ticket.contactId;
});

const sentBodies = async () =>
  (await call<SentRecord[]>('GET', `/api/test-channel/${connectionId}/sent`)).map((s) => s.body);

test('schedule a message from the chat and from /schedules, and see both sent', async ({ page }) => {
  // Two sends through the job poll and a live calendar on a shared machine.
  test.setTimeout(120_000);
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`/tickets/${ticketUuid}`);
  await page.getByRole('button', { name: 'Opções do atendimento' }).click();
  await page.getByRole('menuitem', { name: 'Agendar mensagem' }).click();
  let dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
  // The ticket's contact is already chosen.
  await expect(dialog.getByRole('combobox', { name: 'Contato' })).toHaveValue(new RegExp(contactName));
  const body = dialog.getByRole('textbox', { name: 'Mensagem' });
  await body.fill('oi');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText('Mensagem muito curta')).toBeVisible();
  await body.fill(fromChat);
  await dialog.getByLabel('Data e hora do envio').fill(thisMinute());
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(sentBodies, { timeout: 15_000 }).toContain(fromChat);
  // It is stored in the conversation too.
  await expect(page.getByText(fromChat)).toBeVisible();

  // The schedules page, from the menu; the address with a contact opens the dialog for it.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Agendamentos' })
    .click();
  await expect(page.getByRole('heading', { name: 'Agendamentos' })).toBeVisible();
  await page.goto(`/schedules?contactId=${contactId}`);
  dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
  await expect(dialog.getByRole('combobox', { name: 'Contato' })).toHaveValue(new RegExp(contactName));
  await dialog.getByRole('textbox', { name: 'Mensagem' }).fill(fromPage);
  await dialog.getByLabel('Data e hora do envio').fill(thisMinute());
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(sentBodies, { timeout: 15_000 }).toContain(fromPage);

  // Both sit on today's calendar as sent (live), and a sent one opens without save.
  await page.getByRole('button', { name: 'Dia' }).click();
  const sentEntries = page.getByRole('button', { name: new RegExp(`${contactName} – Enviada`) });
  await expect(sentEntries).toHaveCount(2);
  await sentEntries.first().click();
  dialog = page.getByRole('dialog', { name: 'Mensagem enviada' });
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Excluir' })).toBeVisible();
  expect((await sentBodies()).filter((b) => b === fromChat || b === fromPage)).toHaveLength(2);
});

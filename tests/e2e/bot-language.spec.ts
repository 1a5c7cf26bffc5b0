import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, type SentRecord, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const admin = { name: `Rosa ${id}`, email: `rosa-${id}@e2e.test`, password: 'rosa-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...admin, profile: 'admin' });
  const ventas = await call<{ id: number }>('POST', '/api/queue', {
    name: 'Ventas',
    color: '#2e7d32',
    greetingMessage: 'Ventas',
  });
  const soporte = await call<{ id: number }>('POST', '/api/queue', {
    name: 'Soporte',
    color: '#1565c0',
    greetingMessage: 'Soporte',
  });
  connectionId = (
    await call<{ id: number }>('POST', '/api/test-channel/connections', {
      name: 'Tienda',
      greetingMessage: '¡Hola! Elija un sector:',
      queueIds: [ventas.id, soporte.id],
    })
  ).id;
});

test('a Spanish company’s bot speaks Spanish to customers, and the queue dialog names its leave word', async ({
  page,
}) => {
  await logIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Configurações', exact: true })
    .click();
  await page.getByRole('combobox', { name: 'Idioma do chatbot com os clientes' }).click();
  await page.getByRole('option', { name: 'Español', exact: true }).click();
  await expect(page.getByText('Operação atualizada com sucesso.')).toBeVisible();

  const customer = { from: aPhone(), name: `Pablo ${id}` };
  await call('POST', `/api/test-channel/${connectionId}/inbound`, { ...customer, body: 'Hola' });
  const sent = async () =>
    (await call<(SentRecord & { to: string })[]>('GET', `/api/test-channel/${connectionId}/sent`))
      .filter((s) => s.to === customer.from)
      .map((s) => s.body);
  await expect
    .poll(sent)
    .toEqual([
      '¡Hola! Elija un sector:\n\n*[ 1 ]* - Soporte\n*[ 2 ]* - Ventas\n*[ Salir ]* - Terminar la atención',
    ]);

  // The queue dialog names the word customers see.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Filas' }).click();
  await page.getByRole('button', { name: 'Editar Ventas' }).click();
  await expect(page.getByRole('dialog').getByText('"Salir" para encerrar')).toBeVisible();
});

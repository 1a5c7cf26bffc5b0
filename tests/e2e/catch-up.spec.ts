import { expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { aCompanyWithAdmin, aPhone, logIn, unique } from './helpers';

let call: Awaited<ReturnType<typeof aCompanyWithAdmin>>['call'];
let connectionId: number;
const id = unique();
const ana = { name: `Ana ${id}`, email: `ana-${id}@e2e.test`, password: 'ana-12345' };
const carlos = { from: aPhone(), name: `Carlos ${id}` };
const dora = { from: aPhone(), name: `Dora ${id}` };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  ({ call } = await aCompanyWithAdmin(request));
  await call('POST', '/api/users', { ...ana, profile: 'admin' });
  connectionId = (await call<{ id: number }>('POST', '/api/test-channel/connections', { name: 'Loja' })).id;
});

const inbound = (from: { from: string; name: string }, body: string) =>
  call<{ ticketId: number }>('POST', `/api/test-channel/${connectionId}/inbound`, { ...from, body });

/**
 * Puts the page's realtime connection in the test's hands: `cut()` drops it and refuses every attempt
 * to connect again (WebSocket and long-polling alike) until `restore()`.
 */
async function controlRealtime(page: Page) {
  let down = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) return void ws.close();
    open.add(ws);
    ws.connectToServer();
    ws.onClose(() => open.delete(ws));
  });
  await page.route(/\/socket\.io\//, (route) => (down ? route.abort() : route.continue()));
  return {
    async cut() {
      down = true;
      for (const ws of [...open]) await ws.close();
    },
    restore() {
      down = false;
    },
  };
}

test('what colleagues and customers did while the connection was down is on screen once it is back', async ({
  page,
}) => {
  const first = await inbound(carlos, 'Olá, preciso de ajuda');
  const realtime = await controlRealtime(page);
  await logIn(page, ana.email, ana.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto(`/tickets/${await ticketUuid(first.ticketId)}`);
  const messages = page.getByRole('log', { name: 'Mensagens' });
  await expect(messages.getByText('Olá, preciso de ajuda')).toBeVisible();

  await realtime.cut();
  // While Ana is cut off: a colleague answers, the customer writes again, a new customer arrives.
  await call('POST', `/api/messages/${first.ticketId}`, { body: 'Resposta do colega', fromMe: true });
  await inbound(carlos, 'Obrigado!');
  await inbound(dora, 'Bom dia');
  await expect(messages.getByText('Resposta do colega')).toHaveCount(0);

  const caughtUp = page.waitForResponse(
    (response) => response.url().includes('/api/sync/changes?cursor=') && response.ok(),
  );
  realtime.restore();
  await caughtUp;
  await expect(messages.getByText('Resposta do colega')).toBeVisible();
  await expect(messages.getByText('Obrigado!')).toBeVisible();
  await page.getByRole('tab', { name: 'Aguardando' }).click();
  const list = page.getByRole('list', { name: 'Lista de atendimentos' });
  await expect(list.getByRole('listitem', { name: dora.name })).toBeVisible();
});

/** The ticket's uuid, by its id (the chat's address). */
async function ticketUuid(ticketId: number) {
  const page = await call<{ tickets: { id: number; uuid: string }[] }>(
    'GET',
    '/api/tickets?status=pending&showAll=true',
  );
  return page.tickets.find((ticket) => ticket.id === ticketId)!.uuid;
}

import { type Browser, expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn, unique } from './helpers';

const id = unique();
const agent = { name: `Gil ${id}`, email: `gil-${id}@e2e.test`, password: 'gil-12345' };

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { call } = await aCompanyWithAdmin(request);
  await call('POST', '/api/users', { ...agent, profile: 'user' });
});

async function signedIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, agent.email, agent.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  return page;
}

test('a sign-in on another computer tells the first browser why, then clears it and reloads to the login', async ({
  browser,
}) => {
  const first = await signedIn(browser);
  await signedIn(browser);

  // Never a silent jump to the login page: the reason first, then the reload a second later.
  await expect(first.getByText('Sua conta foi acessada em outro computador.')).toBeVisible();
  await expect(first).toHaveURL(/\/login$/);
  await expect(first.getByRole('textbox', { name: 'E-mail', exact: true })).toBeVisible();
  expect(await first.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token')))).toEqual(
    [],
  );
});

test('a call answered ERR_SESSION_REPLACED says so too, when no live notice came', async ({ browser }) => {
  const first = await signedIn(browser);
  // The server's answer to a token replaced by another sign-in (the live notice is not sent here).
  await first.route(/\/api\/(contacts|auth\/refresh_token)/, (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"ERR_SESSION_REPLACED"}' }),
  );
  await first
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Contatos', exact: true })
    .click();
  await expect(first.getByText('Sua conta foi acessada em outro computador.')).toBeVisible();
  await expect(first).toHaveURL(/\/login$/);
});

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

/** Signs in through the API as the seeded super administrator; for test set-up only. */
export async function superToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

export async function setPlatformSetting(request: APIRequestContext, key: string, value: string) {
  const token = await superToken(request);
  const res = await request.put(`/api/settings/${key}`, {
    data: { value },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
}

/** Signs in through the login page (Portuguese, the default language). */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export const unique = () => Math.random().toString(36).slice(2, 8);

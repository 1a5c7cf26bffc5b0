import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { formatPhoneNumber } from '../../src/shared/phone-number';

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

/** A Brazilian mobile number nobody else in the run has. */
export const aPhone = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

/** A stored number as the screens show it. */
export const shown = formatPhoneNumber;

/** What the test channel recorded as sent (GET /api/test-channel/{id}/sent). */
export interface SentRecord {
  kind: string;
  body: string;
  media?: { filename: string };
}

/** A company of its own (signup through the API) with its admin's token, for a spec's set-up. */
export async function aCompanyWithAdmin(request: APIRequestContext) {
  await setPlatformSetting(request, 'allowSignup', 'enabled');
  const [plan] = (await (await request.get('/api/plans/list')).json()) as { id: number }[];
  const id = unique();
  const admin = { email: `admin-${id}@e2e.test`, password: 'admin-123' };
  const signup = await request.post('/api/auth/signup', {
    data: {
      name: `Admin ${id}`,
      companyName: `Empresa ${id}`,
      phone: '5511900000000',
      planId: plan!.id,
      ...admin,
    },
  });
  expect(signup.ok()).toBeTruthy();
  const login = await request.post('/api/auth/login', { data: admin });
  expect(login.ok(), await login.text()).toBeTruthy();
  const token = ((await login.json()) as { token: string }).token;
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  return { token, call, admin: { ...admin, name: `Admin ${id}` } };
}

/** A 1×1 PNG, for attachments. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

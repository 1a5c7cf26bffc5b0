import { expect, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn } from './helpers';

test('after the trial a company lands on the overdue screen, and typing another address brings it back', async ({
  page,
  request,
}) => {
  const { admin } = await aCompanyWithAdmin(request);
  // The 7-day trial has ended on this browser's calendar.
  await page.clock.setFixedTime(new Date(Date.now() + 9 * 86_400_000));
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/financeiro-aberto$/);
  await expect(page.getByRole('alert')).toBeVisible();

  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/financeiro-aberto$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
});

test('a company whose subscription is current typing the overdue address goes home', async ({
  page,
  request,
}) => {
  const { admin } = await aCompanyWithAdmin(request);
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.goto('/financeiro-aberto');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
});

import { expect, type Page, test } from '@playwright/test';
import { aCompanyWithAdmin, logIn } from './helpers';

// Issue 16, the first paint: on a page load with a stored session the inbox's code, the session restore and
// the inbox's data start together, and the shell shows skeletons in the theme's colours while they come.

/** Holds every request matching `pattern` for `ms` before letting it go (the HTTP cache is off while routed). */
async function delay(page: Page, pattern: string | RegExp, ms: number) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** When each request matching a name started and ended, in ms since the recording began. */
function recordTimes(page: Page) {
  const since = Date.now();
  const times: { url: string; start: number; end?: number }[] = [];
  page.on('request', (request) => times.push({ url: request.url(), start: Date.now() - since }));
  page.on('requestfinished', (request) => {
    const entry = times.find((t) => t.url === request.url() && t.end === undefined);
    if (entry) entry.end = Date.now() - since;
  });
  return (part: string | RegExp) => {
    const found = times.find((t) => (typeof part === 'string' ? t.url.includes(part) : part.test(t.url)));
    if (!found) throw new Error(`no request for ${part}`);
    return found;
  };
}

/** Share of the page's pixels that are white or nearly, from a screenshot decoded in the page. */
async function whiteShare(page: Page) {
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let white = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i]! > 240 && pixels[i + 1]! > 240 && pixels[i + 2]! > 240) white++;
    }
    return white / (pixels.length / 4);
  }, png);
}

test('a reload asks for the inbox’s code with the session restore and its lists before that code arrives', async ({
  page,
  request,
}) => {
  const { admin } = await aCompanyWithAdmin(request);
  await logIn(page, admin.email, admin.password);
  await expect(page).not.toHaveURL(/\/login$/);

  // The inbox's code arrives late: its lists must not wait for it.
  await delay(page, /\/assets\/TicketsPage-[^/]*\.js$/, 1500);
  const times = recordTimes(page);
  await page.goto('/tickets');
  await expect(page.getByRole('tab', { name: /Atendendo/ }).first()).toBeVisible({
    timeout: 20_000,
  });

  const refresh = times('/api/auth/refresh_token');
  const chunk = times(/\/assets\/TicketsPage-[^/]*\.js$/);
  const openList = times(/\/api\/tickets\?.*status=open/);
  // The code was asked for while the session was being restored, not after.
  expect(chunk.start).toBeLessThan(refresh.end!);
  // The first list page went out before the inbox's code was even there.
  expect(openList.start).toBeLessThan(chunk.end!);
});

test('the shell and the list show skeleton rows before the first ticket row, dark without white', async ({
  page,
  request,
}) => {
  const { admin } = await aCompanyWithAdmin(request);
  // A sign-in of its own (one session per account): its token and the admin's id.
  const me = (await (await request.post('/api/auth/login', { data: admin })).json()) as {
    token: string;
    user: { id: number };
  };
  const dark = await request.put(`/api/users/${me.user.id}`, {
    data: { defaultTheme: 'dark' },
    headers: { authorization: `Bearer ${me.token}` },
  });
  expect(dark.ok(), await dark.text()).toBeTruthy();
  await logIn(page, admin.email, admin.password);
  await expect(page).not.toHaveURL(/\/login$/);

  // While the session is restored: the shell's skeleton, in the dark theme last shown.
  await delay(page, '**/api/auth/refresh_token', 1500);
  await delay(page, /\/api\/tickets\?/, 3000);
  await page.goto('/tickets');
  await expect(page.getByRole('status', { name: 'Carregando…' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await whiteShare(page)).toBeLessThan(0.02);

  // Then the inbox, its lists still on their way: skeleton rows where the tickets will be.
  const rows = page.getByRole('status', { name: 'Carregando atendimentos' });
  await expect(rows).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[role="list"] [role="listitem"]')).toHaveCount(0);
  expect(await rows.locator('[data-skeleton-row]').count()).toBeGreaterThan(3);
  expect(await whiteShare(page)).toBeLessThan(0.02);
  await expect(rows).toBeHidden({ timeout: 15_000 });
});

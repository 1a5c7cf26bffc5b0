/**
 * The browser's view (Debian's Chromium through Playwright): from the click on "Entrar" to the first
 * ticket row painted (through the home page, where signing in lands, and its "Atendimentos" menu entry), on a fresh browser context each time (nothing cached) and on one kept context (its
 * HTTP cache warm, signed out before each sign-in). Needs the built web client (`npm run build:web`).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';
import { latencyResult, type Target } from './measure';
import type { ScenarioContext } from './scenarios';
import { BENCH_PASSWORD, BROWSER_ADMIN_EMAIL } from './seed';

/** The targets: median of 10, on localhost. */
const TARGET = {
  pglite: { on: 'p50', atMost: 600 },
  postgresql: { on: 'p50', atMost: 500 },
} satisfies Record<string, Target>;
const RUNS = 10;

export const webBuilt = (webDir: string) => existsSync(`${webDir}/index.html`);

export async function runBrowserScenario(ctx: ScenarioContext, webDir: string) {
  if (!webBuilt(webDir)) {
    ctx.log('browser scenario skipped: no web build (npm run build:web)');
    return;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    /** With `trace`, what the sign-in waited for: each request and step, in ms after the click. */
    const signIn = async (page: import('playwright').Page, trace?: string[]) => {
      await page.goto(`${ctx.url}/login`);
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(BROWSER_ADMIN_EMAIL);
      await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(BENCH_PASSWORD);
      const clicked = Date.now();
      const step = (what: string) => trace?.push(`${Date.now() - clicked} ms ${what}`);
      page.on('requestfinished', (request) => {
        const { startTime, responseEnd } = request.timing();
        const path = new URL(request.url()).pathname;
        step(
          `${request.method()} ${path} (from ${Math.round(startTime - clicked)} ms, ${Math.round(responseEnd)} ms)`,
        );
      });
      const started = performance.now();
      await page.getByRole('button', { name: 'Entrar' }).click();
      // Signing in lands on the home page: the attendant goes on to "Atendimentos" as soon as it shows.
      const entry = page.getByText('Atendimentos', { exact: true }).first();
      if (trace) {
        await entry.waitFor();
        step('"Atendimentos" shown');
      }
      await entry.click();
      step('"Atendimentos" clicked');
      await page.locator('[role="list"] [role="listitem"]').first().waitFor({ timeout: 30_000 });
      step('first ticket row shown');
      return performance.now() - started;
    };
    const context = { database: ctx.db.label, scale: ctx.scale };
    /** From the click on a ticket row to its newest message shown in the chat. */
    const openChat = async (page: import('playwright').Page, row: number) => {
      const started = performance.now();
      await page.locator('[role="list"] [role="listitem"]').nth(row).click();
      await page.waitForURL(/\/tickets\/[0-9a-f-]{36}/);
      const uuid = page.url().split('/').pop()!;
      const [newest] = await ctx.db.exec(`select m.body from messages m join tickets t on t.id = m.ticket_id
        where t.uuid = '${uuid}' order by m.created_at desc, m.id desc limit 1`);
      await page
        .getByRole('log')
        .getByText(String(newest!.body), { exact: true })
        .last()
        .waitFor({ timeout: 30_000 });
      return performance.now() - started;
    };

    ctx.log('browser: "Entrar" → first ticket row, fresh context each time…');
    const cold: number[] = [];
    const trace: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const fresh = await browser.newContext();
      // The last cold sign-in's timeline is logged: where its time goes.
      cold.push(await signIn(await fresh.newPage(), i === RUNS - 1 ? trace : undefined));
      await fresh.close();
    }
    ctx.log(`  the last cold sign-in, in ms after the click on "Entrar":\n    ${trace.join('\n    ')}`);
    ctx.report(
      latencyResult('browser: "Entrar" → first ticket row, cold cache', cold, TARGET[ctx.db.label], context),
    );

    ctx.log('browser: "Entrar" → first ticket row, warm cache…');
    const kept = await browser.newContext();
    const page = await kept.newPage();
    await signIn(page);
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Signed out (the stored token and the session cookie gone, the HTTP cache kept), the next sign-in
      // starts from the login page again.
      await page.evaluate(() => localStorage.clear());
      await kept.clearCookies();
      warm.push(await signIn(page));
    }
    ctx.report(
      latencyResult('browser: "Entrar" → first ticket row, warm cache', warm, TARGET[ctx.db.label], context),
    );

    ctx.log('browser: opening a chat → its newest message shown…');
    const chats: number[] = [];
    // The admin's own open tickets: few at small scales, so chats repeat (then from the client's cache too).
    const rows = await page.locator('[role="list"] [role="listitem"]').count();
    for (let i = 0; i < RUNS; i++) chats.push(await openChat(page, i % rows));
    ctx.report(latencyResult('browser: opening a chat → newest message shown', chats, undefined, context));
  } finally {
    await browser.close();
  }
}

import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8090);
export const E2E_ADMIN = { email: 'super@e2e.test', password: 'e2e-super-pass' };
/** The fake Graph API the e2e server starts beside itself, and the Meta app secret its webhooks are signed with. */
export const E2E_GRAPH = { url: `http://127.0.0.1:${port + 1000}`, appSecret: 'e2e-graph-app-secret' };

// Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/version`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      ATENDO_ADMIN_EMAIL: E2E_ADMIN.email,
      ATENDO_ADMIN_PASSWORD: E2E_ADMIN.password,
      // The journeys sign in far more often than a person could; the limit has its own server test.
      ATENDO_LOGIN_RATE_LIMIT: '1000',
      ATENDO_SIGNUP_RATE_LIMIT: '1000',
      E2E_FAKE_GRAPH_PORT: String(port + 1000),
      ATENDO_FACEBOOK_APP_SECRET: E2E_GRAPH.appSecret,
    },
  },
});

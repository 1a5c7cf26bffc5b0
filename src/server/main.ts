import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seed } from './modules/companies/seed';
import { loadConfig } from './platform/config';

/** The desktop app runs this file in an Electron utilityProcess, whose channel to the parent is `parentPort`. */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}
const parentPort = (process as { parentPort?: ParentPort }).parentPort;

function tellParent(message: unknown) {
  process.send?.(message);
  parentPort?.postMessage(message);
}

/** Headless entry: configuration, migrations, first-start seed, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = await seed(database.db, { email: config.adminEmail, password: config.adminPassword });
  const built = await buildApp({ db: database.db, config });
  const { app } = built;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.drainMs + 10_000);
    force.unref();
    await built.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Windows has no SIGTERM for a utilityProcess: the desktop asks for a clean stop so PGlite closes its files.
  parentPort?.on('message', ({ data }) => {
    if ((data as { type?: unknown } | null)?.type === 'stop') void stop('parent');
  });

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Atendo is running on ${database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
    `  Open ${url} in your browser.`,
  ];
  if (seeded.created) {
    lines.push(
      '',
      '  First start: a super administrator was created. Sign in with',
      `    email:    ${seeded.created.email}`,
      `    password: ${seeded.created.generated ? seeded.created.password : '(the ATENDO_ADMIN_PASSWORD you set)'}`,
      '  This is shown once. Change the password under Users after signing in.',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  // The desktop signs in with the seeded credentials on the first start (and shows them once).
  tellParent({ type: 'ready', port: config.port, url, seeded: seeded.created });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

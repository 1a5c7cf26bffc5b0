import { defineConfig } from 'drizzle-kit';

/** The desktop's offline cache (src/main/cache): SQLite, with a migration history of its own. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/main/cache/schema.ts',
  out: './src/main/cache/migrations',
});

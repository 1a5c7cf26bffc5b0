import { FakeGraph } from './fake-graph';

/** The fake Graph API as a process of its own, for the end-to-end server (scripts/e2e-server.mjs). */
const fake = await new FakeGraph().start(Number(process.env.FAKE_GRAPH_PORT ?? 0));
process.stdout.write(`fake Graph API listening on ${fake.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.stop().then(() => process.exit(0)));
}

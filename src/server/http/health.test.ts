import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server';

const started: TestServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
});

const start = async (...args: Parameters<typeof startTestServer>) => {
  const server = await startTestServer(...args);
  started.push(server);
  return server;
};

const get = (server: TestServer, url: string) => server.app.inject({ method: 'GET', url });

describe('health and readiness', () => {
  it('answers liveness, and readiness once the database has every migration, with no Redis needed', async () => {
    const server = await start();
    expect((await get(server, '/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await get(server, '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true, redis: true, stopping: false });
  });

  it('is not ready while the Redis of REDIS_URL is unreachable, and keeps retrying', async () => {
    // Nothing listens on port 1.
    const server = await start({ redisUrl: 'redis://127.0.0.1:1' });
    const ready = await get(server, '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: true, redis: false });
    expect(server.deps.cluster?.redis.status).toMatch(/connecting|reconnecting|connect/);
  });
});

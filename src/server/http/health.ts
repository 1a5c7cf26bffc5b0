import type { FastifyInstance } from 'fastify';
import { migrationsApplied, ping } from '../db/client';
import type { ServerDeps } from '../platform/deps';
import { redisReachable } from '../platform/redis';

/**
 * Probes for load balancers and orchestrators, outside the contract and without sign-in:
 * GET /api/health (liveness: the process answers) and GET /api/ready (it may take traffic: the database
 * answers with every migration applied and, with REDIS_URL, Redis answers; never while stopping).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: ServerDeps, stopping: () => boolean) {
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/ready', async (_req, reply) => {
    const checks = {
      database: await ping(deps.db)
        .then(() => migrationsApplied(deps.db))
        .catch(() => false),
      redis: deps.cluster ? await redisReachable(deps.cluster.redis) : true,
      stopping: stopping(),
    };
    const ready = checks.database && checks.redis && !checks.stopping;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...checks });
  });
}

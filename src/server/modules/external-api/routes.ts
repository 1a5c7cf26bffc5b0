import { api } from '../../../shared/api';
import { bearerToken } from '../../platform/bearer-token';
import type { Router } from '../../platform/deps';
import { externalApiDescription } from './openapi';
import { sendWithToken, testSend } from './service';

export function registerExternalApiRoutes(router: Router) {
  const { deps } = router;
  router.route(
    api.externalApi.send,
    ({ body }, ctx) => sendWithToken(ctx, bearerToken(ctx.req), body, ctx.files),
    // Per connection token: one integration sending too fast never slows another company's.
    {
      rateLimits: [
        {
          max: deps.config.apiRateLimit,
          timeWindow: '1 minute',
          key: (req) => `api:${bearerToken(req) ?? req.ip}`,
        },
      ],
    },
  );
  router.route(api.externalApi.test, ({ body }, ctx) => testSend(ctx, body, ctx.files));
  router.route(api.externalApi.openapi, () => externalApiDescription());
}

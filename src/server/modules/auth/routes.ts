import type { FastifyReply } from 'fastify';
import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { type IssuedSession, login, logout, refresh, signup } from './service';
import { loadSessionUser } from './session';

export const REFRESH_COOKIE = 'jrt';

function setRefreshCookie(router: Router, reply: FastifyReply, issued: IssuedSession) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: router.deps.config.secureCookies,
    path: '/api/auth',
    maxAge: router.deps.config.refreshTokenTtlSeconds,
  });
  return issued.session;
}

export function registerAuthRoutes(router: Router) {
  const { deps } = router;
  const perMinute = deps.config.loginRateLimit;
  router.route(
    api.auth.login,
    async ({ body }, { events, reply }) => setRefreshCookie(router, reply, await login(deps, body, events)),
    {
      rateLimit: {
        max: perMinute,
        timeWindow: '1 minute',
        keyGenerator: (req) =>
          `${req.ip}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
      },
    },
  );
  router.route(api.auth.refresh, async (_input, { req, reply }) =>
    setRefreshCookie(router, reply, await refresh(deps, req.cookies[REFRESH_COOKIE])),
  );
  router.route(api.auth.logout, async (_input, { req, reply, actor }) => {
    await logout(deps, req.cookies[REFRESH_COOKIE], actor?.userId);
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    return { ok: true as const };
  });
  router.route(api.auth.me, (_input, ctx) => loadSessionUser(ctx, ctx.actor.userId));
  router.route(api.auth.signup, ({ body }) => signup(deps, body));
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { type IssuedSession, login, logout, refresh, signup, startLoginEnrolment } from './service';
import { loadSessionUser } from './session';
import { registerTwoFactorRoutes } from './two-factor-routes';

export const REFRESH_COOKIE = 'jrt';

/** How many more sign-ins one address may attempt than one e-mail. */
export const ADDRESS_LOGIN_FACTOR = 5;

const emailOf = (req: FastifyRequest) =>
  String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();

function setRefreshCookie(router: Router, reply: FastifyReply, issued: IssuedSession) {
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    // HTTPS, directly or through a trusted proxy (X-Forwarded-Proto), or forced by configuration.
    secure: router.deps.config.secureCookies || reply.request.protocol === 'https',
    path: '/api/auth',
    maxAge: router.deps.config.refreshTokenTtlSeconds,
  });
  return issued.session;
}

export function registerAuthRoutes(router: Router) {
  const { deps } = router;
  const perMinute = deps.config.loginRateLimit;
  // The password and the code steps (and a required enrolment) are one sign-in: the same limits apply.
  const loginLimits = () => ({
    rateLimits: [
      // Per e-mail: guesses at one account, from however many addresses.
      {
        max: perMinute,
        timeWindow: '1 minute',
        key: (req: FastifyRequest) => `login:email:${emailOf(req)}`,
      },
      // Per address, higher: one office behind one NAT signs its people in, one guesser tries many accounts.
      {
        max: perMinute * ADDRESS_LOGIN_FACTOR,
        timeWindow: '1 minute',
        key: (req: FastifyRequest) => `login:address:${req.ip}`,
      },
    ],
  });
  router.route(
    api.auth.login,
    async ({ body }, { events, req, reply }) =>
      setRefreshCookie(router, reply, await login(deps, body, events, req.ip)),
    loginLimits(),
  );
  router.route(
    api.auth.twoFactorEnrol,
    ({ body }, { req }) => startLoginEnrolment(deps, body, req.ip),
    loginLimits(),
  );
  registerTwoFactorRoutes(router);
  router.route(api.auth.refresh, async (_input, { req, reply }) =>
    setRefreshCookie(router, reply, await refresh(deps, req.cookies[REFRESH_COOKIE])),
  );
  router.route(api.auth.logout, async (_input, { req, reply, actor, events }) => {
    await logout(deps, req.cookies[REFRESH_COOKIE], actor?.userId, events);
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    return { ok: true as const };
  });
  router.route(api.auth.me, (_input, ctx) => loadSessionUser(ctx, ctx.actor.userId));
  router.route(api.auth.signup, ({ body }) => signup(deps, body), {
    rateLimits: [
      { max: deps.config.signupRateLimit, timeWindow: '1 hour', key: (req) => `signup:${req.ip}` },
    ],
  });
}

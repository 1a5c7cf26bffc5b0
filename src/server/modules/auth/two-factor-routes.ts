import { api } from '../../../shared/api';
import { AppError } from '../../platform/app-error';
import type { Router } from '../../platform/deps';
import { auditWho } from '../audit/recorder';
import { findUserRow } from '../users/queries';
import { twoFactorIssuer } from './service';
import { beginEnrolment, clearEnrolment, confirmEnrolment, switchOffOwn } from './two-factor';

/** Two-factor enrolment from the profile (the caller's own), and an admin's reset of a user's. */
export function registerTwoFactorRoutes(router: Router) {
  const { deps } = router;
  router.route(api.auth.twoFactorSetup, async (_input, ctx) => {
    const user = await findUserRow(ctx.db, ctx.actor.userId);
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    return beginEnrolment(ctx.db, user, await twoFactorIssuer(deps));
  });
  router.route(api.auth.twoFactorConfirm, async ({ body }, ctx) => ({
    recoveryCodes: await confirmEnrolment(ctx.db, ctx.actor.userId, body.code, auditWho(ctx)),
  }));
  router.route(api.auth.twoFactorDisable, async ({ body }, ctx) => {
    await switchOffOwn(ctx.db, ctx.actor.userId, body.code, auditWho(ctx));
    return { ok: true as const };
  });
  router.route(api.users.resetTwoFactor, async ({ params }, ctx) => {
    await clearEnrolment(ctx.db, params.id, auditWho(ctx), 'twoFactor.reset');
    return { ok: true as const };
  });
}

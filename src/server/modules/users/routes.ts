import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import {
  avatarOf,
  changeTicketsManagerWidth,
  createUser,
  deleteUser,
  listCompanyUsers,
  listUsers,
  showUser,
  updateUser,
  uploadAvatar,
} from './service';

export function registerUsersRoutes(router: Router) {
  router.route(api.users.list, ({ query }, ctx) => listUsers(ctx, query));
  router.route(api.users.listAll, (_input, ctx) => listCompanyUsers(ctx));
  router.route(api.users.show, ({ params }, ctx) => showUser(ctx, params.id));
  router.route(api.users.create, ({ body }, ctx) => createUser(ctx, body));
  router.route(api.users.update, ({ params, body }, ctx) => updateUser(ctx, params.id, body), {
    // Guesses at the current password with a stolen session count as sign-in attempts of that account.
    rateLimits: [
      {
        max: router.deps.config.loginRateLimit,
        timeWindow: '1 minute',
        key: (req) => `password:${(req.params as { id?: string }).id}`,
        appliesTo: (req) =>
          (req.body as { currentPassword?: unknown } | undefined)?.currentPassword !== undefined,
      },
    ],
  });
  router.route(api.users.remove, ({ params }, ctx) => deleteUser(ctx, params.id));
  router.route(api.users.uploadMedia, ({ params }, ctx) => uploadAvatar(ctx, params.id, ctx.files));
  router.route(api.users.toggleChangeWidth, ({ params, body }, ctx) =>
    changeTicketsManagerWidth(ctx, params.userId, body.defaultTicketsManagerWidth),
  );
  router.route(api.users.avatar, async ({ params }, ctx) => {
    const avatar = await avatarOf(ctx, params.id);
    // The URL stays the same when the image changes, and the answer depends on who asks.
    return ctx.reply
      .type(avatar.type)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(await avatar.stream());
  });
}

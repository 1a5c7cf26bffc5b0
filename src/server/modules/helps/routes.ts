import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createHelp, deleteHelp, listHelps, updateHelp } from './service';

export function registerHelpsRoutes(router: Router) {
  router.route(api.helps.list, (_input, ctx) => listHelps(ctx));
  router.route(api.helps.options, (_input, ctx) => listHelps(ctx));
  router.route(api.helps.create, ({ body }, ctx) => createHelp(ctx, body));
  router.route(api.helps.update, ({ params, body }, ctx) => updateHelp(ctx, params.id, body));
  router.route(api.helps.remove, ({ params }, ctx) => deleteHelp(ctx, params.id));
}

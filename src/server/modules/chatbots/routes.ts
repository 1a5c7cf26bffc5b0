import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createOption, deleteOption, listOptions, showOption, updateOption } from './service';

export function registerChatbotsRoutes(router: Router) {
  const routes = api.chatbots;
  router.route(routes.list, ({ query }, ctx) => listOptions(ctx, query.queueId));
  router.route(routes.show, ({ params }, ctx) => showOption(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => createOption(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => updateOption(ctx, params.id, body));
  router.route(routes.remove, ({ params }, ctx) => deleteOption(ctx, params.id));
}

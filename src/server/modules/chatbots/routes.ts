import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createOption, deleteOption, listOptions, showOption, updateOption } from './service';

export function registerChatbotsRoutes(router: Router) {
  const { db } = router.deps;
  const routes = api.chatbots;
  router.route(routes.list, ({ query }, { actor }) => listOptions(db, actor, query.queueId));
  router.route(routes.show, ({ params }, { actor }) => showOption(db, actor, params.id));
  router.route(routes.create, ({ body }, { actor }) => createOption(db, actor, body));
  router.route(routes.update, ({ params, body }, { actor }) => updateOption(db, actor, params.id, body));
  router.route(routes.remove, ({ params }, { actor }) => deleteOption(db, actor, params.id));
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createQueue, deleteQueue, listQueues, showQueue, updateQueue } from './service';

export function registerQueuesRoutes(router: Router) {
  router.route(api.queues.list, (_input, ctx) => listQueues(ctx));
  router.route(api.queues.show, ({ params }, ctx) => showQueue(ctx, params.id));
  router.route(api.queues.create, ({ body }, ctx) => createQueue(ctx, body));
  router.route(api.queues.update, ({ params, body }, ctx) => updateQueue(ctx, params.id, body));
  router.route(api.queues.remove, ({ params }, ctx) => deleteQueue(ctx, params.id));
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createQueue, deleteQueue, listQueues, showQueue, updateQueue } from './service';

export function registerQueuesRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.queues.list, (_input, { actor }) => listQueues(db, actor));
  router.route(api.queues.show, ({ params }, { actor }) => showQueue(db, actor, params.id));
  router.route(api.queues.create, ({ body }, { actor, events }) => createQueue(db, actor, body, events));
  router.route(api.queues.update, ({ params, body }, { actor, events }) =>
    updateQueue(db, actor, params.id, body, events),
  );
  router.route(api.queues.remove, ({ params }, { actor, events }) =>
    deleteQueue(db, actor, params.id, events),
  );
}

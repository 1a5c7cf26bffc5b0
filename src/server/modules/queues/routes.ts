import { api } from '../../../shared/api';
import type { Router } from '../../http/router';
import { listQueues } from './service';

export function registerQueuesRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.queues.list, (_input, { actor }) => listQueues(db, actor));
}

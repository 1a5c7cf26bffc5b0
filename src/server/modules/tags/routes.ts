import { api } from '../../../shared/api';
import type { Router } from '../../http/router';
import { listTags } from './service';

export function registerTagsRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.tags.list, ({ query }, { actor }) => listTags(db, actor, query.kanban));
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { listChanges } from './service';

export function registerSyncRoutes(router: Router) {
  router.route(api.sync.changes, ({ query }, ctx) => listChanges(ctx, query));
}

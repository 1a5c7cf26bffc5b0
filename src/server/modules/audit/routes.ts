import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { listAudit } from './service';

export function registerAuditRoutes(router: Router) {
  router.route(api.audit.list, ({ query }, ctx) => listAudit(ctx, query));
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { listPublicPlans, showCompanyPlan } from './service';

export function registerPlansRoutes(router: Router) {
  // Read without a token at signup: no caller's company.
  router.route(api.plans.listPublic, () => listPublicPlans(router.deps.db));
  router.route(api.plans.companyPlan, ({ params }, ctx) => showCompanyPlan(ctx, params.companyId));
}

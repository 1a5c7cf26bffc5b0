import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import {
  createPlan,
  deletePlan,
  listAllPlans,
  listPublicPlans,
  showCompanyPlan,
  updatePlan,
} from './service';

export function registerPlansRoutes(router: Router) {
  // Read without a token at signup: no caller's company.
  router.route(api.plans.listPublic, () => listPublicPlans(router.deps.db));
  router.route(api.plans.companyPlan, ({ params }, ctx) => showCompanyPlan(ctx, params.companyId));
  router.route(api.plans.all, (_input, ctx) => listAllPlans(ctx));
  router.route(api.plans.create, ({ body }, ctx) => createPlan(ctx, body));
  router.route(api.plans.update, ({ params, body }, ctx) => updatePlan(ctx, params.id, body));
  router.route(api.plans.remove, ({ params }, ctx) => deletePlan(ctx, params.id));
}

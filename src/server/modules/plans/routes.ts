import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { listPublicPlans, showCompanyPlan } from './service';

export function registerPlansRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.plans.listPublic, () => listPublicPlans(db));
  router.route(api.plans.companyPlan, ({ params }, { actor }) =>
    showCompanyPlan(db, actor, params.companyId),
  );
}

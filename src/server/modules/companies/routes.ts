import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { showCompanySchedules, updateCompanySchedules } from './service';

export function registerCompaniesRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.companies.schedules, ({ params }, { actor }) =>
    showCompanySchedules(db, actor, params.id),
  );
  router.route(api.companies.updateSchedules, ({ params, body }, { actor }) =>
    updateCompanySchedules(db, actor, params.id, body.schedules),
  );
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { showCompanySchedules, updateCompanySchedules } from './service';

export function registerCompaniesRoutes(router: Router) {
  router.route(api.companies.schedules, ({ params }, ctx) => showCompanySchedules(ctx, params.id));
  router.route(api.companies.updateSchedules, ({ params, body }, ctx) =>
    updateCompanySchedules(ctx, params.id, body.schedules),
  );
}

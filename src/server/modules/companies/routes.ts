import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import {
  createCompany,
  deleteCompany,
  listCompanies,
  pageCompanies,
  renewCompany,
  showCompany,
  showCompanySchedules,
  updateCompany,
  updateCompanySchedules,
} from './service';

export function registerCompaniesRoutes(router: Router) {
  router.route(api.companies.schedules, ({ params }, ctx) => showCompanySchedules(ctx, params.id));
  router.route(api.companies.updateSchedules, ({ params, body }, ctx) =>
    updateCompanySchedules(ctx, params.id, body.schedules),
  );
  router.route(api.companies.page, ({ query }, ctx) => pageCompanies(ctx, query));
  router.route(api.companies.list, (_input, ctx) => listCompanies(ctx));
  router.route(api.companies.pageWithPlan, async ({ query }, ctx) => {
    const { companies, hasMore } = await pageCompanies(ctx, query);
    return { companies, hasMore };
  });
  router.route(api.companies.show, ({ params }, ctx) => showCompany(ctx, params.id));
  router.route(api.companies.create, ({ body }, ctx) => createCompany(ctx, body));
  router.route(api.companies.update, ({ params, body }, ctx) => updateCompany(ctx, params.id, body));
  router.route(api.companies.renew, ({ params }, ctx) => renewCompany(ctx, params.id));
  router.route(api.companies.remove, ({ params }, ctx) => deleteCompany(ctx, params.id));
}

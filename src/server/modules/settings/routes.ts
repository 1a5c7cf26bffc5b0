import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { tenantDb } from '../../platform/tenant';
import { PLATFORM_COMPANY_ID } from './queries';
import {
  listSettings,
  setVersion,
  showCompanySetting,
  showCompanySettings,
  showPublicSetting,
  showSetting,
  showVersion,
  updateCompanySetting,
  updateSetting,
} from './service';

export function registerSettingsRoutes(router: Router) {
  // The public routes have no caller's company: they read the platform company's settings.
  const platform = tenantDb(router.deps.db, PLATFORM_COMPANY_ID);
  router.route(api.settings.list, (_input, ctx) => listSettings(ctx));
  router.route(api.settings.update, ({ params, body }, ctx) => updateSetting(ctx, params.key, body.value));
  router.route(api.settings.show, ({ params }, ctx) => showSetting(ctx, params.key));
  router.route(api.settings.showPublic, async ({ params }, { reply }) => {
    const value = await showPublicSetting(platform, router.deps.config, params.key);
    // The answer is a bare string: send it as JSON like every other answer, not as text/plain.
    reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
    return value;
  });
  router.route(api.settings.companySettings, ({ params }, ctx) => showCompanySettings(ctx, params.companyId));
  router.route(api.settings.companySettingOne, ({ query }, ctx) => showCompanySetting(ctx, query.column));
  router.route(api.settings.updateCompanySetting, ({ body }, ctx) =>
    updateCompanySetting(ctx, body.column, body.data),
  );
  router.route(api.settings.version, () => showVersion(platform));
  router.route(api.settings.setVersion, ({ body }, ctx) => setVersion(ctx, body.version));
}

import { api } from '../../../shared/api';
import { LOGO_MAX_BYTES } from '../../../shared/api/settings';
import type { Router } from '../../platform/deps';
import { tenantDb } from '../../platform/tenant';
import { findLogo, uploadLogo } from './branding';
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
  router.route(api.settings.uploadLogo, ({ body }, ctx) => uploadLogo(ctx, body.mode, ctx.files), {
    uploadLimits: { fileSize: LOGO_MAX_BYTES, files: 1 },
  });
  router.route(api.settings.logo, async ({ params }, { reply }) => {
    const logo = await findLogo(router.deps, params.fileName);
    // A logo's name changes with its bytes: it may be kept for good.
    return reply
      .type(logo.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(await logo.stream());
  });
  router.route(api.settings.version, () => showVersion(platform));
  router.route(api.settings.setVersion, ({ body }, ctx) => setVersion(ctx, body.version));
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
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
  const { db } = router.deps;
  router.route(api.settings.list, (_input, { actor }) => listSettings(db, actor));
  router.route(api.settings.update, ({ params, body }, { actor, events }) =>
    updateSetting(db, actor, params.key, body.value, events),
  );
  router.route(api.settings.show, ({ params }, { actor }) => showSetting(db, actor, params.key));
  router.route(api.settings.showPublic, async ({ params }, { reply }) => {
    const value = await showPublicSetting(db, router.deps.config, params.key);
    // The answer is a bare string: send it as JSON like every other answer, not as text/plain.
    reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
    return value;
  });
  router.route(api.settings.companySettings, ({ params }, { actor }) =>
    showCompanySettings(db, actor, params.companyId),
  );
  router.route(api.settings.companySettingOne, ({ query }, { actor }) =>
    showCompanySetting(db, actor, query.column),
  );
  router.route(api.settings.updateCompanySetting, ({ body }, { actor, events }) =>
    updateCompanySetting(db, actor, body.column, body.data, events),
  );
  router.route(api.settings.version, () => showVersion(db));
  router.route(api.settings.setVersion, ({ body }, { events }) => setVersion(db, body.version, events));
}

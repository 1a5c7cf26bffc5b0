import { api } from '../../../shared/api';
import type { Router } from '../../http/router';
import {
  createConnection,
  deleteConnection,
  disconnectSession,
  listConnections,
  newQrSession,
  retrySession,
  showConnection,
  updateConnection,
} from './service';

export function registerWhatsappsRoutes(router: Router) {
  const { deps } = router;
  const { db } = deps;
  router.route(api.whatsapps.list, (_input, { actor }) => listConnections(db, actor));
  router.route(api.whatsapps.show, ({ params }, { actor }) => showConnection(db, actor, params.id));
  router.route(api.whatsapps.create, ({ body }, { actor, events }) =>
    createConnection(deps, actor, body, events),
  );
  router.route(api.whatsapps.update, ({ params, body }, { actor, events }) =>
    updateConnection(deps, actor, params.id, body, events),
  );
  router.route(api.whatsapps.remove, ({ params }, { actor, events }) =>
    deleteConnection(deps, actor, params.id, events),
  );
  router.route(api.whatsapps.retrySession, ({ params }, { actor }) => retrySession(deps, actor, params.id));
  router.route(api.whatsapps.newQr, ({ params }, { actor }) => newQrSession(deps, actor, params.id));
  router.route(api.whatsapps.disconnect, ({ params }, { actor }) =>
    disconnectSession(deps, actor, params.id),
  );
}

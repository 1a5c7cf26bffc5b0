import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { replyWithMedia } from '../messages/media-store';
import {
  closeImportedTickets,
  createConnection,
  deleteConnection,
  greetingMediaFile,
  listAllConnections,
  listConnections,
  performSessionAction,
  removeGreetingMedia,
  requestPairingCode,
  restartConnections,
  showConnection,
  updateConnection,
  uploadGreetingMedia,
} from './service';

export function registerWhatsappsRoutes(router: Router) {
  const { deps } = router;
  const { db } = deps;
  const routes = api.whatsapps;
  router.route(routes.list, (_input, { actor }) => listConnections(db, actor));
  router.route(routes.all, () => listAllConnections(db));
  router.route(routes.show, ({ params }, { actor }) => showConnection(db, actor, params.id));
  router.route(routes.create, ({ body }, { actor, events }) => createConnection(deps, actor, body, events));
  router.route(routes.update, ({ params, body }, { actor, events }) =>
    updateConnection(deps, actor, params.id, body, events),
  );
  router.route(routes.remove, ({ params }, { actor, events }) =>
    deleteConnection(deps, actor, params.id, events),
  );
  router.route(routes.retrySession, ({ params }, { actor }) =>
    performSessionAction(deps, actor, params.id, 'retry'),
  );
  router.route(routes.newQr, ({ params }, { actor }) =>
    performSessionAction(deps, actor, params.id, 'newQr'),
  );
  router.route(routes.disconnect, ({ params }, { actor }) =>
    performSessionAction(deps, actor, params.id, 'disconnect'),
  );
  router.route(routes.pairingCode, ({ params, body }, { actor }) =>
    requestPairingCode(deps, actor, params.id, body.number),
  );
  router.route(routes.restart, (_input, { actor }) => restartConnections(deps, actor));
  router.route(routes.uploadMedia, ({ params }, { actor, events, files }) =>
    uploadGreetingMedia(deps, actor, params.id, files, events),
  );
  router.route(routes.removeMedia, ({ params }, { actor, events }) =>
    removeGreetingMedia(deps, actor, params.id, events),
  );
  router.route(routes.media, async ({ params }, { actor, reply }) =>
    // The address stays the same when the attachment is replaced: always revalidate.
    replyWithMedia(reply, await greetingMediaFile(deps, actor, params.id), 'private, no-cache'),
  );
  router.route(routes.closeImported, ({ params }, { actor, events }) =>
    closeImportedTickets(deps, actor, params.id, events),
  );
}

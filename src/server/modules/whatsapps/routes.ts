import { api } from '../../../shared/api';
import type { Router } from '../../http/router';
import { listConnections } from './service';

export function registerWhatsappsRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.whatsapps.list, (_input, { actor }) => listConnections(db, actor));
}

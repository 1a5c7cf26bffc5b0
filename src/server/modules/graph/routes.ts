import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { listTemplates } from '../messages/templates';
import { connectFacebook } from './service';

export function registerGraphRoutes(router: Router) {
  const { deps } = router;
  router.route(api.graph.connectFacebook, ({ body }, { actor, events }) =>
    connectFacebook(deps, actor, body, events),
  );
  router.route(api.graph.templates, ({ params }, ctx) => listTemplates(ctx, params.id));
}

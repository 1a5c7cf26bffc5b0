import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { listTemplates } from '../messages/templates';
import { connectFacebook } from './service';

export function registerGraphRoutes(router: Router) {
  router.route(api.graph.connectFacebook, ({ body }, ctx) => connectFacebook(ctx, body));
  router.route(api.graph.templates, ({ params }, ctx) => listTemplates(ctx, params.id));
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { chargeStatus, listInvoices, receivePixWebhook, subscribe } from './service';

export function registerInvoicesRoutes(router: Router) {
  router.route(api.invoices.list, ({ query }, ctx) => listInvoices(ctx, query));
  router.route(api.invoices.subscribe, ({ body }, ctx) => subscribe(ctx, body));
  router.route(api.invoices.charge, ({ params }, ctx) => chargeStatus(ctx, params.txid));
  // The bank calls it: no caller, whatever token it might carry.
  router.route(api.invoices.webhook, ({ query, body }, ctx) =>
    receivePixWebhook(router.deps, ctx.events, ctx.req.ip, query.hmac, body),
  );
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createTag, deleteTag, listTags, pageTags, updateTag } from './service';
import { addTicketTag, clearTicketTags, removeTicketTag } from './ticket-tags';

export function registerTagsRoutes(router: Router) {
  router.route(api.tags.page, ({ query }, ctx) => pageTags(ctx, query));
  router.route(api.tags.list, ({ query }, ctx) => listTags(ctx, query.kanban));
  router.route(api.tags.create, ({ body }, ctx) => createTag(ctx, body));
  router.route(api.tags.update, ({ params, body }, ctx) => updateTag(ctx, params.id, body));
  router.route(api.tags.remove, ({ params }, ctx) => deleteTag(ctx, params.id));

  router.route(api.ticketTags.add, ({ params }, ctx) => addTicketTag(ctx, params.ticketId, params.tagId));
  router.route(api.ticketTags.clear, ({ params }, ctx) => clearTicketTags(ctx, params.ticketId));
  router.route(api.ticketTags.remove, ({ params }, ctx) =>
    removeTicketTag(ctx, params.ticketId, params.tagId),
  );
}

import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createTag, deleteTag, listTags, pageTags, updateTag } from './service';
import { addTicketTag, clearTicketTags, removeTicketTag } from './ticket-tags';

export function registerTagsRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.tags.page, ({ query }, { actor }) => pageTags(db, actor, query));
  router.route(api.tags.list, ({ query }, { actor }) => listTags(db, actor, query.kanban));
  router.route(api.tags.create, ({ body }, { actor, events }) => createTag(db, actor, body, events));
  router.route(api.tags.update, ({ params, body }, { actor, events }) =>
    updateTag(db, actor, params.id, body, events),
  );
  router.route(api.tags.remove, ({ params }, { actor, events }) => deleteTag(db, actor, params.id, events));

  router.route(api.ticketTags.add, ({ params }, ctx) => addTicketTag(ctx, params.ticketId, params.tagId));
  router.route(api.ticketTags.clear, ({ params }, ctx) => clearTicketTags(ctx, params.ticketId));
  router.route(api.ticketTags.remove, ({ params }, ctx) =>
    removeTicketTag(ctx, params.ticketId, params.tagId),
  );
}

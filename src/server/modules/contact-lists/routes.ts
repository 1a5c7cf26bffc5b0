import { api } from '../../../shared/api';
import { SHEET_LIMITS } from '../../../shared/api/contacts';
import type { Router } from '../../platform/deps';
import {
  allContactLists,
  createContactList,
  createItem,
  deleteContactList,
  deleteItem,
  importContactList,
  listContactLists,
  listItems,
  showContactList,
  updateContactList,
  updateItem,
} from './service';

export function registerContactListsRoutes(router: Router) {
  const r = api.contactLists;
  router.route(r.list, ({ query }, ctx) => listContactLists(ctx, query));
  router.route(r.all, (_input, ctx) => allContactLists(ctx));
  router.route(r.show, ({ params }, ctx) => showContactList(ctx, params.id));
  router.route(r.create, ({ body }, ctx) => createContactList(ctx, body));
  router.route(r.update, ({ params, body }, ctx) => updateContactList(ctx, params.id, body));
  router.route(r.remove, ({ params }, ctx) => deleteContactList(ctx, params.id));
  // The spreadsheet caps of the contacts import: size as sent, one file.
  router.route(r.upload, ({ params }, ctx) => importContactList(ctx, params.id, ctx.files), {
    uploadLimits: { fileSize: SHEET_LIMITS.bytes, files: 1 },
  });
  router.route(r.items, ({ query }, ctx) => listItems(ctx, query));
  router.route(r.createItem, ({ body }, ctx) => createItem(ctx, body));
  router.route(r.updateItem, ({ params, body }, ctx) => updateItem(ctx, params.id, body));
  router.route(r.removeItem, ({ params }, ctx) => deleteItem(ctx, params.id));
}

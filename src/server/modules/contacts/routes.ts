import { api } from '../../../shared/api';
import { SHEET_LIMITS } from '../../../shared/api/contacts';
import type { Router } from '../../platform/deps';
import { exportContacts } from './export';
import { importChats, importContacts, importOneContact, uploadSpreadsheet } from './import';
import {
  blockContact,
  contactProfile,
  contactTagsOf,
  createContact,
  deleteContact,
  listAllContacts,
  listContacts,
  showContact,
  syncContactTags,
  toggleAcceptAudio,
  toggleDisableBot,
  updateContact,
} from './service';

export function registerContactsRoutes(router: Router) {
  const c = api.contacts;
  router.route(c.list, ({ query }, ctx) => listContacts(ctx, query));
  router.route(c.export, ({ query }, ctx) => exportContacts(ctx, query));
  router.route(c.listAll, (_input, ctx) => listAllContacts(ctx));
  router.route(c.profile, ({ params }, ctx) => contactProfile(ctx, params.number));
  router.route(c.show, ({ params }, ctx) => showContact(ctx, params.id));
  router.route(c.create, ({ body }, ctx) => createContact(ctx, body));
  router.route(c.update, ({ params, body }, ctx) => updateContact(ctx, params.id, body));
  router.route(c.toggleAcceptAudio, ({ params }, ctx) => toggleAcceptAudio(ctx, params.id));
  router.route(c.toggleDisableBot, ({ params }, ctx) => toggleDisableBot(ctx, params.id));
  router.route(c.block, ({ params, body }, ctx) => blockContact(ctx, params.id, body.active));
  router.route(c.remove, ({ params }, ctx) => deleteContact(ctx, params.id));
  router.route(c.upload, (_input, ctx) => uploadSpreadsheet(ctx.files), {
    uploadLimits: { fileSize: SHEET_LIMITS.bytes, files: 1 },
  });
  router.route(c.import, ({ body }, ctx) => importContacts(ctx, body));
  router.route(c.importChats, (_input, ctx) => importChats(ctx));
  router.route(c.importOne, ({ body }, ctx) => importOneContact(ctx, body));
  router.route(c.syncTags, ({ body }, ctx) => syncContactTags(ctx, body.contactId, body.tags));
  router.route(c.tagsOf, ({ params }, ctx) => contactTagsOf(ctx, params.contactId));
}

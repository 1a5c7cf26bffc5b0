import { api } from '../../../shared/api';
import type { Router } from '../../http/router';
import { listContacts, showContact } from './service';

export function registerContactsRoutes(router: Router) {
  const { db } = router.deps;
  router.route(api.contacts.list, ({ query }, { actor }) => listContacts(db, actor, query));
  router.route(api.contacts.show, ({ params }, { actor }) => showContact(db, actor, params.id));
}

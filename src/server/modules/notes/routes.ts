import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import { createNote, deleteNote, listNotes } from './service';

export function registerNotesRoutes(router: Router) {
  router.route(api.notes.create, ({ body }, ctx) => createNote(ctx, body));
  router.route(api.notes.list, ({ query }, ctx) => listNotes(ctx, query));
  router.route(api.notes.remove, ({ params }, ctx) => deleteNote(ctx, params.id));
}

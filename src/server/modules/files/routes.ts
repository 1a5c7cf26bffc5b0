import { api } from '../../../shared/api';
import type { Router } from '../../platform/deps';
import {
  createFileList,
  deleteFileList,
  listFileLists,
  showFileList,
  updateFileList,
  uploadFileListFiles,
} from './service';

export function registerFilesRoutes(router: Router) {
  const routes = api.files;
  router.route(routes.list, ({ query }, ctx) => listFileLists(ctx, query));
  router.route(routes.show, ({ params }, ctx) => showFileList(ctx, params.id));
  router.route(routes.create, ({ body }, ctx) => createFileList(ctx, body));
  router.route(routes.update, ({ params, body }, ctx) => updateFileList(ctx, params.id, body));
  router.route(routes.upload, ({ params, body }, ctx) =>
    uploadFileListFiles(ctx, params.fileId, body, ctx.files),
  );
  router.route(routes.remove, ({ params }, ctx) => deleteFileList(ctx, params.id));
}

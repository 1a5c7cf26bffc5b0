import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_BODY_LIMIT, type ParsedInput } from '../../shared/api/contract';
import { companyPlanAllows } from '../modules/plans/queries';
import type { Actor } from '../platform/actor';
import { AppError } from '../platform/app-error';
import type { HandlerContext, ReceivedFile, RouteOptions, Router, ServerDeps } from '../platform/deps';
import { BufferedEvents } from '../platform/events';
import { tenantDb } from '../platform/tenant';
import { withoutNul } from '../platform/text';
import { authenticate } from './authenticate';

/** Every text field without NUL (platform/text.ts), then the contract's schema. */
function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  return schema.parse(withoutNul(value ?? {}));
}

// Enough of a file's start for the signatures checked (images, ISO media).
const HEAD_BYTES = 16;

/**
 * One file part written to `file` as it arrives, so an upload never costs more memory than a chunk; past
 * its size cap the request is refused at once (413), the rest of its body never read.
 */
async function receiveFile(part: MultipartFile, file: string): Promise<ReceivedFile> {
  // Past the cap busboy would go on reading (and dropping) the rest of the part: stop taking it at once.
  const overCap = new AbortController();
  part.file.once('limit', () => overCap.abort());
  try {
    await pipeline(part.file, createWriteStream(file), { signal: overCap.signal });
  } catch (err) {
    throw part.file.truncated ? new AppError('ERR_FILE_TOO_LARGE', 413) : err;
  }
  const { size } = await stat(file);
  const handle = await open(file);
  const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  return {
    field: part.fieldname,
    filename: withoutNul(part.filename),
    mimetype: part.mimetype,
    head,
    size,
    stream: async () => createReadStream(file),
    read: () => readFile(file),
  };
}

/**
 * A request's own folder under the data folder's `uploads/`, made when its first file arrives; the router
 * removes it once the request is handled, whatever happened (refused, failed, client gone).
 */
function uploadFolder(dataDir: string) {
  let made: string | undefined;
  return {
    async path() {
      if (made) return made;
      const root = path.join(dataDir, 'uploads');
      await mkdir(root, { recursive: true });
      made = await mkdtemp(path.join(root, 'request-'));
      return made;
    },
    async remove() {
      if (made) await rm(made, { recursive: true, force: true });
    },
  };
}

/**
 * A request refused before its body was read whole (an upload over its cap) is answered, then its
 * connection closed: the rest of the body is never read, and the paused request does not hold it open.
 */
function closeUnread(req: FastifyRequest, reply: FastifyReply) {
  if (req.raw.complete) return;
  reply.header('connection', 'close');
  reply.raw.once('finish', () => req.raw.socket.destroySoon());
}

/** Fields as text; files into `dir` (made on the first file), which the caller removes once answered. */
async function readMultipart(
  req: FastifyRequest,
  dir: () => Promise<string>,
  limits: RouteOptions['uploadLimits'],
): Promise<{ fields: Record<string, string | string[]>; files: ReceivedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: ReceivedFile[] = [];
  // Size and count limits are the multipart plugin's (set in buildApp), or the route's own when lower.
  for await (const part of req.parts(limits ? { limits } : undefined)) {
    if (part.type === 'file') {
      files.push(await receiveFile(part, path.join(await dir(), String(files.length))));
    } else {
      // A field sent once per item (a file list's ids, one per file) arrives as the list of its values.
      const value = String(part.value);
      const earlier = fields[part.fieldname];
      fields[part.fieldname] = earlier === undefined ? value : [earlier, value].flat();
    }
  }
  return { fields, files };
}

/** Registers contract routes under /api: validation, authentication, access level, events after success. */
export function createRouter(app: FastifyInstance, deps: ServerDeps, validateResponses: boolean): Router {
  return {
    deps,
    route(def, handler, options) {
      const limits = (options?.rateLimits ?? []).map(({ max, timeWindow, key, appliesTo }) => ({
        appliesTo,
        count: app.createRateLimit({ max, timeWindow, keyGenerator: key }),
      }));
      const opts: RouteShorthandOptions = limits.length
        ? {
            // After the body is parsed, so a limit may key on what it says (the e-mail of a sign-in).
            preHandler: async (req, reply) => {
              for (const limit of limits) {
                if (limit.appliesTo && !limit.appliesTo(req)) continue;
                const state = await limit.count(req);
                if (!state.isAllowed && state.isExceeded) {
                  reply.header('retry-after', String(state.ttlInSeconds));
                  throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
                }
              }
            },
          }
        : {};
      app.route({
        ...opts,
        method: def.method,
        url: `/api${def.path}`,
        bodyLimit: def.bodyLimit ?? DEFAULT_BODY_LIMIT,
        handler: async (req, reply) => {
          const actor =
            def.access === 'public' ? await authenticate(deps, req, true) : await authenticate(deps, req);
          if (actor && def.access === 'admin' && actor.profile !== 'admin' && !actor.super) {
            throw new AppError('ERR_NO_PERMISSION', 403);
          }
          if (actor && def.access === 'super' && !actor.super) throw new AppError('ERR_NO_PERMISSION', 403);
          if (actor?.overdue && def.access !== 'public' && !def.whileOverdue) {
            throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
          }
          if (actor && def.plan && !(await companyPlanAllows(deps.db, actor.companyId, def.plan))) {
            throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
          }

          const uploads = uploadFolder(deps.config.dataDir);
          const events = new BufferedEvents();
          let result: unknown;
          try {
            let files: ReceivedFile[] = [];
            let rawBody: unknown = req.body;
            if (def.multipart && req.isMultipart()) {
              const parsed = await readMultipart(req, uploads.path, options?.uploadLimits).catch((err) => {
                closeUnread(req, reply);
                throw err;
              });
              files = parsed.files;
              rawBody = parsed.fields;
            }
            const input = {
              // Copied into plain objects: the router's own params and query objects have prototypes of their own.
              params: parsePart(def.params, { ...(req.params as object) }),
              query: parsePart(def.query, { ...(req.query as object) }),
              body: parsePart(def.body, rawBody),
            } as ParsedInput<typeof def>;
            // The caller's company's data only: services of a signed-in caller never get the database itself.
            const db = actor && tenantDb(deps.db, actor.companyId);
            const ctx = { deps, actor, db, events, files, req, reply } as HandlerContext<Actor>;
            result = await handler(input, ctx as never);
          } finally {
            // Before the answer: a client that has it finds nothing of its upload left on the server.
            await uploads.remove();
          }
          if (validateResponses) {
            const check = def.response.safeParse(result);
            if (!check.success) {
              deps.log.error(
                { path: def.path, issues: check.error.issues },
                'response does not match the contract',
              );
              throw new AppError('ERR_INTERNAL', 500);
            }
          }
          events.flush(deps.realtime);
          // A handler that streams its own answer (a file) has sent it already and returns the reply.
          return result === reply ? reply : reply.send(result);
        },
      });
    },
  };
}

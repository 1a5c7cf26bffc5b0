import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { ParsedInput } from '../../shared/api/contract';
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

async function readMultipart(
  req: FastifyRequest,
  limits: RouteOptions['uploadLimits'],
): Promise<{ fields: Record<string, string | string[]>; files: ReceivedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: ReceivedFile[] = [];
  // Size and count limits are the multipart plugin's (set in buildApp), or the route's own when lower.
  for await (const part of req.parts(limits ? { limits } : undefined)) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      const filename = withoutNul(part.filename);
      files.push({ field: part.fieldname, filename, mimetype: part.mimetype, data });
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

          let files: ReceivedFile[] = [];
          let rawBody: unknown = req.body;
          if (def.multipart && req.isMultipart()) {
            const parsed = await readMultipart(req, options?.uploadLimits);
            files = parsed.files;
            rawBody = parsed.fields;
          }
          const input = {
            // Copied into plain objects: the router's own params and query objects have prototypes of their own.
            params: parsePart(def.params, { ...(req.params as object) }),
            query: parsePart(def.query, { ...(req.query as object) }),
            body: parsePart(def.body, rawBody),
          } as ParsedInput<typeof def>;

          const events = new BufferedEvents();
          // The caller's company's data only: services of a signed-in caller never get the database itself.
          const db = actor && tenantDb(deps.db, actor.companyId);
          const ctx = { deps, actor, db, events, files, req, reply } as HandlerContext<Actor>;
          const result = await handler(input, ctx as never);
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

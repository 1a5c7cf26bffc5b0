import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { ParsedInput, RouteDef, RouteOutput } from '../../shared/api/contract';
import type { ChannelRegistry } from '../channels/registry';
import type { Sessions } from '../channels/sessions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import type { TokenService } from '../modules/auth/tokens';
import { BufferedEvents, type Emitter, type EventSink } from '../realtime/event-sink';
import type { Presence } from '../realtime/presence';
import type { Actor } from './actor';
import { AppError } from './app-error';
import { authenticate } from './authenticate';

/** What every module gets: the database, configuration and the platform services. */
export interface ServerDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  realtime: Emitter;
  presence: Presence;
  /** The channel drivers of this process (sending, read receipts). */
  channels: ChannelRegistry;
  /** Durable jobs: timers and close all. */
  jobs: JobRunner;
  /** Which connections this process runs (leases) and the session actions, wherever a session runs. */
  sessions: Sessions;
  log: FastifyBaseLogger;
}

export interface ReceivedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface HandlerContext<A extends Actor | null> {
  deps: ServerDeps;
  actor: A;
  /** Realtime events; sent only after the handler has succeeded (after its transaction committed). */
  events: EventSink;
  files: ReceivedFile[];
  req: FastifyRequest;
  reply: FastifyReply;
}

type ActorOf<D extends RouteDef> = D['access'] extends 'public' ? Actor | null : Actor;
export type Handler<D extends RouteDef> = (
  input: ParsedInput<D>,
  ctx: HandlerContext<ActorOf<D>>,
) => Promise<RouteOutput<D>> | RouteOutput<D>;

export interface RouteOptions {
  rateLimit?: { max: number; timeWindow: string; keyGenerator?: (req: FastifyRequest) => string };
}

export interface Router {
  route<D extends RouteDef>(def: D, handler: Handler<D>, options?: RouteOptions): void;
  deps: ServerDeps;
}

function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  return schema.parse(value ?? {});
}

async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string | string[]>; files: ReceivedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: ReceivedFile[] = [];
  // Size and count limits are the multipart plugin's, set once in buildApp.
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
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
      const opts: RouteShorthandOptions = options?.rateLimit
        ? { config: { rateLimit: options.rateLimit } }
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

          let files: ReceivedFile[] = [];
          let rawBody: unknown = req.body;
          if (def.multipart && req.isMultipart()) {
            const parsed = await readMultipart(req);
            files = parsed.files;
            rawBody = parsed.fields;
          }
          const input = {
            params: parsePart(def.params, req.params),
            query: parsePart(def.query, req.query),
            body: parsePart(def.body, rawBody),
          } as ParsedInput<typeof def>;

          const events = new BufferedEvents();
          const ctx = { deps, actor, events, files, req, reply } as HandlerContext<Actor>;
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

import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ParsedInput, RouteDef, RouteOutput } from '../../shared/api/contract';
import type { Actor } from './actor';
import type { Config } from './config';
import type { Db } from './database';
import type { Emitter, EventSink } from './events';
import type { MediaFile, MediaStore } from './media';
import type { Cluster } from './redis';
import type { TenantDb } from './tenant';

/**
 * What every part of the server is handed, built once by app.ts. This floor declares the members it
 * owns; each layer above adds the service it provides beside that service's own definition (`declare
 * module '…/platform/deps'`: jobs, presence, channels, sessions, tokens), so ServerDeps stays one type
 * while this floor imports nothing above it.
 */
export interface ServerDeps {
  db: Db;
  config: Config;
  /** Realtime events, published after commit (see events.ts). */
  realtime: Emitter;
  log: FastifyBaseLogger;
  /** Uploaded and received media: the data folder's `media/`, or an S3 bucket's (ATENDO_S3_*). */
  media: MediaStore;
  /** Users' profile images: the data folder's `public/`, or an S3 bucket's. */
  avatars: MediaStore;
  /** The Redis the servers of the deployment share (REDIS_URL); undefined for a single server. */
  cluster: Cluster | undefined;
}

/**
 * An uploaded file, written to a temporary file as it arrived (never held whole in memory) and removed
 * once its request is answered: read it, stream it, or hand it to a media store within the request.
 */
export interface ReceivedFile extends MediaFile {
  field: string;
  filename: string;
  mimetype: string;
  /** Its first bytes (up to 16), for checks of what a file really is. */
  head: Buffer;
}

/**
 * What a service of a signed-in caller is handed (one shape for every module): the caller's company's
 * data through the tenant handle — never the database itself —, the caller, where events go (sent once
 * the action has committed) and the server's services.
 */
export interface Context {
  db: TenantDb;
  actor: Actor;
  events: EventSink;
  deps: ServerDeps;
}

export interface HandlerContext<A extends Actor | null> {
  deps: ServerDeps;
  actor: A;
  /** The caller's company's data (the tenant handle); null on a public route called without a token. */
  db: A extends Actor ? TenantDb : TenantDb | null;
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

/** A count of calls per key and time window; past `max`, 429 with Retry-After. */
export interface RateLimit {
  max: number;
  timeWindow: string;
  /** Read once the body is parsed (a sign-in's e-mail); names its limit so keys of two limits never meet. */
  key: (req: FastifyRequest) => string;
  /** Counts only the calls it applies to (those that try a password); all of them when left out. */
  appliesTo?: (req: FastifyRequest) => boolean;
}

export interface RouteOptions {
  /** Every limit is counted; the first one exceeded refuses the call. */
  rateLimits?: RateLimit[];
  /** A multipart route's own caps, below the server's (20 MB a file, 10 files): 413 ERR_FILE_TOO_LARGE past them. */
  uploadLimits?: { fileSize: number; files: number };
}

/** The signed-in caller of a request (http/authenticate.ts): routes outside the contract use it too. */
export type Authenticate = (req: FastifyRequest) => Promise<Actor>;

/** How a module declares its routes (http/router.ts implements it): one handler per contract route. */
export interface Router {
  route<D extends RouteDef>(def: D, handler: Handler<D>, options?: RouteOptions): void;
  deps: ServerDeps;
}

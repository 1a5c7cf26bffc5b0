import { z } from 'zod';
import type { PlanFlag } from '../plan-flags';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. `public` needs no token; `user` any signed-in user; `admin` profile admin
 * (or super); `super` the super flag. Finer rules (per-user flags, ownership) live in services.
 */
export type Access = 'public' | 'user' | 'admin' | 'super';

export interface RouteDef {
  method: Method;
  /** Path under /api with `:name` params, as in the spec's call tables. */
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data body: files arrive separately, text fields are validated with `body`. */
  multipart?: boolean;
  /**
   * Reachable by a company past its due date (sign-in, the session, its plan; billing): every other route
   * answers it 402 ERR_SUBSCRIPTION_EXPIRED.
   */
  whileOverdue?: true;
  /** The plan flag the caller's company needs (2-administration §3): without it the route answers 403. */
  plan?: PlanFlag;
  /** Bytes a JSON body may take when DEFAULT_BODY_LIMIT is too little for what the route is sent. */
  bodyLimit?: number;
  response: z.ZodType;
}

/**
 * A JSON body's bytes past which a route answers 413 (Fastify's own default): what any route but a bulk one
 * takes (texts are capped far below by their schemas). Multipart routes have their file caps instead.
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Declares a route once; the server validates with it and both client transports are typed by it. */
export const defineRoute = <const D extends RouteDef>(def: D): D => def;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

type Part<K extends string, S> = [S] extends [z.ZodType]
  ? { [P in K]: InputOf<S> }
  : { [P in K]?: undefined };

/** What a caller sends. */
export type RouteInput<D extends RouteDef> = Part<'params', D['params']> &
  Part<'query', D['query']> &
  Part<'body', D['body']> & { files?: UploadFile[] };

/** What a handler receives after validation. */
export interface ParsedInput<D extends RouteDef> {
  params: OutputOf<D['params']>;
  query: OutputOf<D['query']>;
  body: OutputOf<D['body']>;
}

export type RouteOutput<D extends RouteDef> = z.output<D['response']>;

/** A file sent in a multipart request; the web sends Blobs, the desktop main process sends bytes. */
export interface UploadFile {
  field: string;
  name: string;
  type: string;
  data: Blob | Uint8Array;
}

// In wire.ts, which the web client's first paint loads without zod.
export { buildPath } from './wire';

/** Query strings carry only strings: a boolean or a number arrives as text. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const ticketIdParam = z.object({ ticketId: z.coerce.number().int().positive() });
export const okResponse = z.object({ ok: z.literal(true) });

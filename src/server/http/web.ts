import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the build puts its hashed files: a name changes whenever its content does. */
const ASSETS_DIR = `${path.sep}assets${path.sep}`;

/**
 * The web client's files from `webDir`: the build's brotli and gzip copies (`.br`, `.gz` beside each
 * file) to clients that accept them, hashed assets cached for a year without revalidation, everything
 * else (index.html above all, which names the current assets) revalidated on every visit.
 */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(ASSETS_DIR) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

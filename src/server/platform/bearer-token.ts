import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer …` header: a user's access token, or a connection's API token. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

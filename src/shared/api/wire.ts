import type { RouteDef } from './contract';

/** A request as both transports put it on the wire (the web client and the desktop main process). */
export interface WireInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  files?: { field: string; name: string; type: string; data: Blob | Uint8Array }[];
}

/** `/users/:id` + `{ id: 3 }` → `/users/3`. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

// Query strings and multipart fields carry text: objects as JSON, everything else as String().
const wireValue = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** `{ a: 1, b: [2, 3], c: undefined }` → `?a=1&b=2&b=3`; empty values are left out. */
export function encodeQuery(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, wireValue(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The REST API is served under /api (docs/architecture.md "The contract"). */
export function routeUrl(origin: string, def: RouteDef, input: WireInput): string {
  return `${origin}/api${buildPath(def.path, input.params)}${encodeQuery(input.query)}`;
}

/**
 * Multipart when files are sent (text fields beside the files), JSON otherwise: a route taking either
 * (POST /messages/:ticketId) keeps its nested fields (quotedMsg, vCard) as JSON when there is no file.
 */
export function encodeBody(input: WireInput): { body?: BodyInit; contentType?: string } {
  if (input.files?.length) {
    const form = new FormData();
    for (const [key, value] of Object.entries((input.body as Record<string, unknown> | undefined) ?? {})) {
      if (value !== undefined && value !== null) form.append(key, wireValue(value));
    }
    for (const file of input.files ?? []) {
      const blob =
        file.data instanceof Blob ? file.data : new Blob([new Uint8Array(file.data)], { type: file.type });
      form.append(file.field, blob, file.name);
    }
    return { body: form };
  }
  if (input.body === undefined) return {};
  return { body: JSON.stringify(input.body), contentType: 'application/json' };
}

/** JSON answers parsed; anything else as text; an empty answer as undefined. */
export async function decodeBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

import type { GraphConfig } from '../../platform/config';

/**
 * The Graph API as the Facebook, Instagram and WhatsApp Cloud API channels use it: JSON over HTTPS at
 * `{url}/{version}/…` with a bearer token. The base URL and version are configuration, so tests run the
 * same code against a local fake.
 */

/** An answer of the Graph API's error shape (`{ error: { message, type, code, error_subcode } }`). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    /** Graph's own error code: 190 is an invalid or expired token. */
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** The token was refused: the user has to log in (or paste a token) again. */
  get isAuthError() {
    return this.code === 190 || this.status === 401;
  }
}

/** A multipart upload: text fields plus one file. */
export interface GraphUpload {
  fields: Record<string, string>;
  file: { field: string; filename: string; mimetype: string; data: Buffer };
}

const TIMEOUT_MS = 30_000;

async function graphErrorOf(res: Response): Promise<GraphError> {
  const text = await res.text().catch(() => '');
  let error: { message?: string; code?: number } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    // not JSON: the status says enough
  }
  return new GraphError(res.status, error?.code, error?.message ?? `Graph API answered ${res.status}`);
}

export class GraphClient {
  constructor(
    private readonly config: Pick<GraphConfig, 'url' | 'version'>,
    private readonly token: string,
  ) {}

  private address(path: string, query?: Record<string, string | number | undefined>) {
    const url = new URL(`${this.config.url}/${this.config.version}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  private async send<T>(url: URL | string, init: RequestInit): Promise<T> {
    const res = await fetch(url, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${this.token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw await graphErrorOf(res);
    return (await res.json()) as T;
  }

  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    return this.send<T>(this.address(path, query), { method: 'GET' });
  }

  /** GET a list and follow `paging.next` (the cursor keeps the query), at most `maxPages` requests. */
  async list<T>(path: string, query: Record<string, string | number | undefined>, maxPages = 20) {
    const items: T[] = [];
    let next: string | undefined = this.address(path, query).toString();
    for (let page = 0; next && page < maxPages; page++) {
      const answer: { data?: T[]; paging?: { next?: string } } = await this.send(next, { method: 'GET' });
      items.push(...(answer.data ?? []));
      next = answer.paging?.next;
    }
    return items;
  }

  post<T>(path: string, body: object): Promise<T> {
    return this.send<T>(this.address(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** DELETE with a JSON body, as the Graph API's removals of list entries take it (block_users). */
  delete<T>(path: string, body: object): Promise<T> {
    return this.send<T>(this.address(path), {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  upload<T>(path: string, upload: GraphUpload): Promise<T> {
    const form = new FormData();
    for (const [key, value] of Object.entries(upload.fields)) form.set(key, value);
    const { file } = upload;
    form.set(file.field, new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.filename);
    return this.send<T>(this.address(path), { method: 'POST', body: form });
  }

  /**
   * A file's bytes. Cloud API media URLs want the token; the CDN links of Messenger attachments must not
   * get it (they are anybody's to fetch, and the token is not theirs to see).
   */
  async download(url: string, withToken: boolean): Promise<{ data: Buffer; mimetype: string }> {
    const res = await fetch(url, {
      headers: withToken ? { authorization: `Bearer ${this.token}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw await graphErrorOf(res);
    const mimetype = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
    return { data: Buffer.from(await res.arrayBuffer()), mimetype };
  }
}

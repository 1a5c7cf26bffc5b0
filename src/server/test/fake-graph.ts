import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The Graph API at the edge of the world (docs/architecture.md "Tests"): a local HTTP server answering the calls
 * the Facebook, Instagram and WhatsApp Cloud API channels make, with Meta's payload shapes and errors.
 * It records every call; tests seed users, pages, numbers, templates, profiles and files. Journeys drive
 * it over HTTP (`/_fake/…`).
 */

export interface FakePage {
  id: string;
  name: string;
  /** The page access token the user's /accounts answer gives. */
  token: string;
  instagram?: { id: string; username: string };
}

export interface FakeUser {
  id: string;
  token: string;
  pages: FakePage[];
}

export interface FakePhone {
  id: string;
  token: string;
  display: string;
  wabaId: string;
}

/** A template as GET /{waba-id}/message_templates lists it. */
export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: { type: string; format?: string; text?: string }[];
}

export interface GraphCall {
  method: string;
  /** The path without the version: `123/messages`. */
  path: string;
  token: string | undefined;
  query: Record<string, string>;
  /** A JSON body, or a form's text fields. */
  body: Record<string, unknown>;
  file?: { filename: string; mimetype: string; size: number };
}

interface StoredFile {
  mimetype: string;
  data: Buffer;
  /** Cloud API media are served to their number's token only; Messenger CDN links to anybody. */
  token?: string;
}

const GRAPH_ERRORS = {
  token: { status: 401, code: 190, type: 'OAuthException', message: 'Invalid OAuth access token.' },
  unknown: { status: 400, code: 100, type: 'GraphMethodException', message: 'Unsupported request.' },
  permission: { status: 403, code: 200, type: 'OAuthException', message: 'Permissions error' },
} as const;

class Failure extends Error {
  constructor(readonly kind: keyof typeof GRAPH_ERRORS) {
    super(GRAPH_ERRORS[kind].message);
  }
}

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

export class FakeGraph {
  readonly calls: GraphCall[] = [];
  readonly users = new Map<string, FakeUser>();
  readonly phones = new Map<string, FakePhone>();
  readonly templates = new Map<string, FakeTemplate[]>();
  readonly profiles = new Map<string, Record<string, string>>();
  private readonly files = new Map<string, StoredFile>();
  private readonly media = new Map<string, StoredFile & { name: string }>();
  /** Long-lived user tokens made by the token exchange, to their user. */
  private readonly longLived = new Map<string, string>();
  /** How many pages one /accounts answer holds before `paging.next`. */
  pageSize = 25;
  appId = 'fake-app-id';
  appSecret = 'fake-app-secret';
  private server: Server | undefined;
  url = '';

  async start(port = 0, host = '127.0.0.1') {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addUser(user: FakeUser) {
    this.users.set(user.id, user);
    return user;
  }

  addPhone(phone: FakePhone, templates: FakeTemplate[] = []) {
    this.phones.set(phone.id, phone);
    this.templates.set(phone.wabaId, templates);
    return phone;
  }

  /** A Messenger or Instagram user as the User Profile API answers (first_name, last_name, name, username, profile_pic). */
  addProfile(scopedId: string, profile: Record<string, string>) {
    this.profiles.set(scopedId, profile);
  }

  /** A file on the "CDN": what a Messenger attachment's payload.url points at. */
  addFile(name: string, mimetype: string, data: Buffer) {
    this.files.set(name, { mimetype, data });
    return `${this.url}/files/${name}`;
  }

  /** A file a Cloud API webhook names by media id, downloadable with the number's token. */
  addMedia(mediaId: string, phoneId: string, mimetype: string, data: Buffer) {
    const token = this.phones.get(phoneId)?.token;
    this.media.set(mediaId, { name: `media-${mediaId}`, mimetype, data, token });
    this.files.set(`media-${mediaId}`, { mimetype, data, token });
  }

  /** The POST bodies sent to `{objectId}/messages` (the Send API, the Cloud API). */
  sentTo(objectId: string) {
    return this.calls
      .filter((c) => c.method === 'POST' && c.path === `${objectId}/messages`)
      .map((c) => c.body);
  }

  private pages() {
    return [...this.users.values()].flatMap((user) => user.pages);
  }

  private userOfToken(token: string | undefined) {
    const owner = token && (this.longLived.get(token) ?? token);
    return [...this.users.values()].find((user) => user.token === owner);
  }

  private pageOfToken(token: string | undefined) {
    return this.pages().find((page) => page.token === token);
  }

  private phoneOfToken(token: string | undefined) {
    return [...this.phones.values()].find((phone) => phone.token === token);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/_fake/')) return this.control(req, url, send);
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ')
      ? auth.slice(7)
      : (url.searchParams.get('access_token') ?? undefined);

    if (url.pathname.startsWith('/files/')) {
      const file = this.files.get(decodeURIComponent(url.pathname.slice('/files/'.length)));
      if (!file) return send(404, { error: GRAPH_ERRORS.unknown });
      if (file.token && file.token !== token) return send(401, { error: GRAPH_ERRORS.token });
      res.writeHead(200, { 'content-type': file.mimetype, 'content-length': file.data.length });
      res.end(file.data);
      return;
    }

    const match = /^\/v\d+\.\d+\/(.+)$/.exec(url.pathname);
    if (!match) return send(400, { error: GRAPH_ERRORS.unknown });
    const path = match[1]!;
    const call: GraphCall = {
      method: req.method ?? 'GET',
      path,
      token,
      query: Object.fromEntries(url.searchParams),
      body: {},
    };
    if (call.method === 'POST' || call.method === 'DELETE') await readBody(req, call);
    this.calls.push(call);
    try {
      send(200, this.answer(call, url));
    } catch (err) {
      if (!(err instanceof Failure)) throw err;
      const { status, ...error } = GRAPH_ERRORS[err.kind];
      send(status, { error: { ...error, fbtrace_id: id('trace') } });
    }
  }

  private answer(call: GraphCall, url: URL): unknown {
    const [object = '', edge] = call.path.split('/');
    const { token } = call;
    if (call.method === 'GET' && object === 'oauth' && edge === 'access_token')
      return this.exchange(call.query);
    if (edge === 'accounts' && call.method === 'GET') return this.accounts(object, token, call.query, url);

    const page = this.pages().find((p) => p.id === object);
    if (page) {
      if (token !== page.token) throw new Failure('token');
      if (!edge && call.method === 'GET') return { id: page.id, name: page.name };
      if (edge === 'subscribed_apps' && call.method === 'POST') return { success: true };
      if (edge === 'message_attachments' && call.method === 'POST') return { attachment_id: id('') };
      if (edge === 'messages' && call.method === 'POST') {
        const recipient = (call.body.recipient as { id?: string } | undefined)?.id;
        if (call.body.sender_action) return { recipient_id: recipient };
        return { recipient_id: recipient, message_id: id('m_') };
      }
    }
    const igPage = this.pages().find((p) => p.instagram?.id === object);
    if (igPage && !edge && call.method === 'GET') {
      if (token !== igPage.token) throw new Failure('token');
      return { id: igPage.instagram!.id, username: igPage.instagram!.username };
    }
    const phone = this.phones.get(object);
    if (phone) {
      if (token !== phone.token) throw new Failure('token');
      if (!edge && call.method === 'GET') {
        return { id: phone.id, display_phone_number: phone.display, verified_name: 'Fake Business' };
      }
      if (edge === 'media' && call.method === 'POST') {
        const mediaId = id('');
        const file = call.file!;
        this.media.set(mediaId, {
          name: file.filename,
          mimetype: file.mimetype,
          data: Buffer.alloc(file.size),
          token,
        });
        return { id: mediaId };
      }
      if (edge === 'block_users' && (call.method === 'POST' || call.method === 'DELETE')) {
        const users = (call.body.block_users as { user: string }[]).map(({ user }) => ({
          input: user,
          wa_id: user,
        }));
        const key = call.method === 'POST' ? 'added_users' : 'removed_users';
        return { messaging_product: 'whatsapp', block_users: { [key]: users } };
      }
      if (edge === 'messages' && call.method === 'POST') {
        if (call.body.status === 'read') return { success: true };
        const to = String(call.body.to ?? '');
        return {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: id('wamid.') }],
        };
      }
    }
    const waba = [...this.phones.values()].find((p) => p.wabaId === object);
    if (waba) {
      if (token !== waba.token) throw new Failure('token');
      if (edge === 'subscribed_apps' && call.method === 'POST') return { success: true };
      if (edge === 'message_templates' && call.method === 'GET') {
        const all = this.templates.get(object) ?? [];
        return {
          data: call.query.status ? all.filter((t) => t.status === call.query.status) : all,
          paging: {},
        };
      }
    }
    const media = this.media.get(object);
    if (media && !edge && call.method === 'GET') {
      if (token !== media.token) throw new Failure('token');
      return {
        id: object,
        url: `${this.url}/files/${media.name}`,
        mime_type: media.mimetype,
        file_size: media.data.length,
        messaging_product: 'whatsapp',
      };
    }
    const profile = this.profiles.get(object);
    if (profile && !edge && call.method === 'GET') {
      if (!this.pageOfToken(token)) throw new Failure('token');
      const fields = (call.query.fields ?? '').split(',');
      return Object.fromEntries([
        ['id', object],
        ...Object.entries(profile).filter(([k]) => fields.includes(k)),
      ]);
    }
    throw new Failure(
      this.userOfToken(token) || this.pageOfToken(token) || this.phoneOfToken(token) ? 'unknown' : 'token',
    );
  }

  private exchange(query: Record<string, string>) {
    const user = this.userOfToken(query.fb_exchange_token);
    if (query.client_id !== this.appId || query.client_secret !== this.appSecret)
      throw new Failure('permission');
    if (!user) throw new Failure('token');
    const token = `long-${randomBytes(6).toString('hex')}`;
    this.longLived.set(token, user.token);
    return { access_token: token, token_type: 'bearer', expires_in: 5_183_944 };
  }

  private accounts(userId: string, token: string | undefined, query: Record<string, string>, url: URL) {
    const user = this.userOfToken(token);
    if (!user) throw new Failure('token');
    if (userId !== 'me' && userId !== user.id) throw new Failure('permission');
    const from = Number(query.after ?? 0);
    const size = Math.min(Number(query.limit ?? 25), this.pageSize);
    const slice = user.pages.slice(from, from + size);
    const data = slice.map((page) => ({
      id: page.id,
      name: page.name,
      access_token: page.token,
      category: 'Shopping & retail',
      ...(page.instagram
        ? { instagram_business_account: { id: page.instagram.id, username: page.instagram.username } }
        : {}),
    }));
    const next = new URL(`${url.pathname}${url.search}`, this.url);
    next.searchParams.set('after', String(from + size));
    const more = from + size < user.pages.length;
    return {
      data,
      paging: {
        cursors: { before: String(from), after: String(from + size) },
        ...(more ? { next: next.toString() } : {}),
      },
    };
  }

  /** `/_fake/…`: the journeys' way in (seed a user or a profile, read the calls). */
  private async control(req: IncomingMessage, url: URL, send: (status: number, body: unknown) => void) {
    const body =
      req.method === 'POST'
        ? (JSON.parse((await readAll(req)).toString('utf8') || '{}') as Record<string, unknown>)
        : {};
    if (url.pathname === '/_fake/users' && req.method === 'POST')
      return send(200, this.addUser(body as unknown as FakeUser));
    if (url.pathname === '/_fake/profiles' && req.method === 'POST') {
      const { id: scopedId, ...profile } = body as Record<string, string>;
      this.addProfile(scopedId!, profile);
      return send(200, { ok: true });
    }
    if (url.pathname === '/_fake/calls' && req.method === 'GET') return send(200, this.calls);
    return send(404, { error: 'unknown fake route' });
  }
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A POST's JSON body, or a multipart form's fields and file. */
async function readBody(req: IncomingMessage, call: GraphCall) {
  const raw = await readAll(req);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') call.body[key] = value;
      else call.file = { filename: value.name, mimetype: value.type, size: value.size };
    }
  } else if (raw.length > 0) {
    call.body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  }
}

/** A webhook as Meta sends it: the JSON body and its X-Hub-Signature-256. */
export function signWebhook(appSecret: string, payload: unknown) {
  const body = JSON.stringify(payload);
  return { body, signature: `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}` };
}

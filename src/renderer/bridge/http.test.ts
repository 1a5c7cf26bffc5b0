import { describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/index';
import { encodeBody, encodeQuery, routeUrl } from '../../shared/api/wire';
import { ApiError } from '../../shared/bridge';
import { createHttpBridge, type SocketLike, TOKEN_KEY } from './http';

interface Sent {
  url: string;
  method: string;
  authorization: string | undefined;
}

type Answer = { status: number; body?: unknown } | ((sent: Sent) => { status: number; body?: unknown });

/** A fetch that answers from a script per path and records every call. */
function fakeServer(script: Record<string, Answer[]>) {
  const sent: Sent[] = [];
  const fetchFake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { url: String(url), method: init?.method ?? 'GET', authorization: headers.Authorization };
    sent.push(call);
    const path = new URL(call.url, 'http://x').pathname;
    const next = script[path]?.shift();
    if (!next) throw new Error(`unexpected call ${path}`);
    const { status, body } = typeof next === 'function' ? next(call) : next;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch: fetchFake, sent };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const fakeSocket = (): SocketLike => ({
  connected: false,
  connect() {},
  disconnect() {},
  on() {},
  onAny() {},
  emit() {},
  io: { on() {} },
});

function aSession(token: string) {
  return { token, sessionId: 's-1', dueDate: null, user: { id: 1, companyId: 1, name: 'Ana' } };
}

function bridgeWith(
  script: Record<string, Answer[]>,
  stored: Record<string, string> = { [TOKEN_KEY]: 'old' },
) {
  const server = fakeServer(script);
  const storage = memoryStorage(stored);
  const bridge = createHttpBridge('', { fetch: server.fetch, storage, connectSocket: fakeSocket });
  const expired = vi.fn();
  bridge.session.onExpired(expired);
  return { bridge, storage, expired, sent: server.sent };
}

describe('building requests', () => {
  it('puts the path under /api with its parameters and the query string', () => {
    const url = routeUrl('http://host', api.users.list, { query: { searchParam: 'a b', pageNumber: 2 } });
    expect(url).toBe('http://host/api/users?searchParam=a+b&pageNumber=2');
    expect(routeUrl('', api.users.show, { params: { id: 7 } })).toBe('/api/users/7');
  });

  it('leaves empty query values out and repeats array values', () => {
    expect(encodeQuery({ a: undefined, b: null, c: [1, 2], d: true })).toBe('?c=1&c=2&d=true');
    expect(encodeQuery({})).toBe('');
  });

  it('sends plain bodies as JSON and nothing when there is no body', () => {
    expect(encodeBody({ body: { name: 'Ana' } })).toEqual({
      body: '{"name":"Ana"}',
      contentType: 'application/json',
    });
    expect(encodeBody({})).toEqual({});
  });

  it('sends files as multipart with the text fields beside them', () => {
    const { body, contentType } = encodeBody({
      body: { typeArch: 'user', userId: '3' },
      files: [{ field: 'profileImage', name: 'me.png', type: 'image/png', data: new Uint8Array([1, 2]) }],
    });
    expect(contentType).toBeUndefined();
    const form = body as FormData;
    expect(form.get('typeArch')).toBe('user');
    expect((form.get('profileImage') as File).name).toBe('me.png');
  });
});

describe('the session rules of 1-attendance §4', () => {
  it('adds the stored token as a bearer token', async () => {
    const { bridge, sent } = bridgeWith({ '/api/users/1': [{ status: 200, body: { id: 1 } }] });
    await bridge.request(api.users.show, { params: { id: 1 } });
    expect(sent[0].authorization).toBe('Bearer old');
  });

  it('refreshes once on 403 and retries the call with the new token', async () => {
    const { bridge, sent, storage, expired } = bridgeWith({
      '/api/users/1': [
        { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
        { status: 200, body: { id: 1 } },
      ],
      '/api/auth/refresh_token': [{ status: 200, body: aSession('new') }],
    });
    await expect(bridge.request(api.users.show, { params: { id: 1 } })).resolves.toEqual({ id: 1 });
    expect(sent.map((s) => [s.method, new URL(s.url, 'http://x').pathname, s.authorization])).toEqual([
      ['GET', '/api/users/1', 'Bearer old'],
      ['POST', '/api/auth/refresh_token', undefined],
      ['GET', '/api/users/1', 'Bearer new'],
    ]);
    expect(storage.getItem(TOKEN_KEY)).toBe('new');
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh a second time when the retried call is refused again', async () => {
    const { bridge, sent, expired } = bridgeWith({
      '/api/users': [
        { status: 403, body: { error: 'ERR_NO_PERMISSION' } },
        { status: 403, body: { error: 'ERR_NO_PERMISSION' } },
      ],
      '/api/auth/refresh_token': [{ status: 200, body: aSession('new') }],
    });
    const failure = await bridge.request(api.users.list, { query: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('ERR_NO_PERMISSION');
    expect(sent).toHaveLength(3);
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls refused at the same time', async () => {
    const refused = { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } };
    const { bridge, sent } = bridgeWith({
      '/api/users/1': [refused, { status: 200, body: { id: 1 } }],
      '/api/users/2': [refused, { status: 200, body: { id: 2 } }],
      '/api/auth/refresh_token': [{ status: 200, body: aSession('new') }],
    });
    const answers = await Promise.all([
      bridge.request(api.users.show, { params: { id: 1 } }),
      bridge.request(api.users.show, { params: { id: 2 } }),
    ]);
    expect(answers).toEqual([{ id: 1 }, { id: 2 }]);
    expect(sent.filter((s) => s.url.endsWith('/refresh_token'))).toHaveLength(1);
    expect(sent.filter((s) => s.authorization === 'Bearer new')).toHaveLength(2);
  });

  it('clears the token and ends the session on 401', async () => {
    const { bridge, storage, expired } = bridgeWith({
      '/api/users/1': [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }],
    });
    await expect(bridge.request(api.users.show, { params: { id: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('says the session was replaced when the server answers ERR_SESSION_REPLACED, on a call or its refresh', async () => {
    const onCall = bridgeWith({ '/api/users/1': [{ status: 401, body: { error: 'ERR_SESSION_REPLACED' } }] });
    await expect(onCall.bridge.request(api.users.show, { params: { id: 1 } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onCall.expired).toHaveBeenCalledWith('replaced');
    const onRefresh = bridgeWith({
      '/api/users/1': [{ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }],
      '/api/auth/refresh_token': [{ status: 401, body: { error: 'ERR_SESSION_REPLACED' } }],
    });
    await expect(onRefresh.bridge.request(api.users.show, { params: { id: 1 } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onRefresh.expired).toHaveBeenCalledWith('replaced');
  });

  it('ends the session when the refresh after a 403 is refused', async () => {
    const { bridge, storage, expired, sent } = bridgeWith({
      '/api/users/1': [{ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } }],
      '/api/auth/refresh_token': [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }],
    });
    await expect(bridge.request(api.users.show, { params: { id: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(2);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('treats a refused login as an answer, not as an expired session', async () => {
    const { bridge, expired, sent } = bridgeWith({
      '/api/auth/login': [{ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } }],
    });
    const failure = await bridge.session.login({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).body).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(sent).toHaveLength(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('keeps the token of a login and gives the session without it', async () => {
    const { bridge, storage } = bridgeWith(
      { '/api/auth/login': [{ status: 200, body: aSession('fresh') }] },
      {},
    );
    const session = await bridge.session.login({ email: 'a@b.c', password: 'secret' });
    expect(session).not.toHaveProperty('token');
    expect(session.sessionId).toBe('s-1');
    expect(storage.getItem(TOKEN_KEY)).toBe('fresh');
  });

  it('restores a session with the refresh token, or answers null when there is none', async () => {
    const signedIn = bridgeWith({ '/api/auth/refresh_token': [{ status: 200, body: aSession('new') }] });
    await expect(signedIn.bridge.session.restore()).resolves.toMatchObject({ sessionId: 's-1' });

    const signedOut = bridgeWith({ '/api/auth/refresh_token': [{ status: 401, body: { error: 'x' } }] });
    await expect(signedOut.bridge.session.restore()).resolves.toBeNull();
    expect(signedOut.expired).not.toHaveBeenCalled();
  });

  it('forgets the token on logout even when the server cannot be reached', async () => {
    const { bridge, storage } = bridgeWith({ '/api/auth/logout': [{ status: 500 }] });
    await expect(bridge.session.logout()).rejects.toBeInstanceOf(ApiError);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('reads the server version', async () => {
    const { bridge } = bridgeWith({ '/api/version': [{ status: 200, body: { version: '1.2.3' } }] });
    await expect(bridge.app.version()).resolves.toBe('1.2.3');
  });
});

describe('the realtime connection', () => {
  it('tells a new status listener the current status at once, as the desktop bridge does', async () => {
    const { bridge } = bridgeWith({ '/api/auth/login': [{ status: 200, body: aSession('fresh') }] }, {});
    await bridge.session.login({ email: 'a@b.c', password: 'secret' });
    const heard: string[] = [];
    bridge.realtime.onStatus((status) => heard.push(status));
    expect(heard).toEqual(['connecting']);
  });
});

/** A socket whose connections and events the test makes happen. */
function controllableSocket() {
  const handlers = new Map<string, (...args: never[]) => void>();
  let any: ((event: string, ...args: unknown[]) => void) | undefined;
  const socket: SocketLike = {
    connected: false,
    connect() {},
    disconnect() {},
    on: (event, listener) => void handlers.set(event, listener),
    onAny: (listener) => {
      any = listener;
    },
    emit() {},
    io: { on() {} },
  };
  return {
    socket,
    connect: () => handlers.get('connect')?.(),
    event: (name: string, payload: unknown) => any?.(name, payload),
  };
}

const feed = (cursor: string, changes: unknown[], hasMore = false, scope = 'scope-1', behind = false) => ({
  status: 200,
  body: { changes, cursor, hasMore, behind, scope },
});
const ticketChange = (id: number, lastMessage: string) => ({ kind: 'ticket', ticket: { id, lastMessage } });

function catchingUp(sync: Answer[]) {
  const control = controllableSocket();
  const server = fakeServer({
    '/api/auth/login': [{ status: 200, body: aSession('fresh') }],
    '/api/sync/changes': sync,
  });
  const bridge = createHttpBridge('', {
    fetch: server.fetch,
    storage: memoryStorage(),
    connectSocket: () => control.socket,
  });
  const heard: unknown[] = [];
  bridge.sync.onChanges((event) => heard.push(event));
  const cursors = () =>
    server.sent
      .filter((s) => s.url.includes('/api/sync/changes'))
      .map((s) => new URL(s.url, 'http://x').searchParams.get('cursor'));
  return { bridge, control, heard, cursors };
}

describe('catching up after a reconnect', () => {
  it('takes its place in the feed at sign-in, then hands over every page after it on each connect', async () => {
    const { bridge, control, heard, cursors } = catchingUp([
      feed('10:0', []),
      feed('12:3', [ticketChange(1, 'a')], true),
      feed('13:1', [ticketChange(2, 'b')]),
      feed('13:1', []),
    ]);
    await bridge.session.login({ email: 'a@b.c', password: 'secret' });
    control.connect();
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    control.connect();
    await vi.waitFor(() => expect(cursors()).toHaveLength(4));
    expect(cursors()).toEqual([null, '10:0', '12:3', '13:1']);
    expect(heard).toEqual([
      { kind: 'changes', changes: [ticketChange(1, 'a')] },
      { kind: 'changes', changes: [ticketChange(2, 'b')] },
    ]);
  });

  it('leaves to a live event the row it brought while the catch-up was reading', async () => {
    const control = controllableSocket();
    let answerPage: ((response: Response) => void) | undefined;
    const fetchFake = (async (url: string) => {
      const { pathname, searchParams } = new URL(String(url), 'http://x');
      if (pathname === '/api/auth/login') return Response.json(aSession('fresh'));
      if (!searchParams.get('cursor')) return Response.json(feed('10:0', []).body);
      return new Promise<Response>((resolve) => {
        answerPage = resolve;
      });
    }) as unknown as typeof globalThis.fetch;
    const bridge = createHttpBridge('', {
      fetch: fetchFake,
      storage: memoryStorage(),
      connectSocket: () => control.socket,
    });
    const heard: unknown[] = [];
    bridge.sync.onChanges((event) => heard.push(event));
    await bridge.session.login({ email: 'a@b.c', password: 'secret' });

    control.connect();
    await vi.waitFor(() => expect(answerPage).toBeDefined());
    // The page was read before this event and arrives after it: its copy of ticket 1 is older.
    control.event('company-1-ticket', { action: 'update', ticket: { id: 1, lastMessage: 'newer' } });
    answerPage!(Response.json(feed('12:0', [ticketChange(1, 'older'), ticketChange(2, 'b')]).body));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard).toEqual([{ kind: 'changes', changes: [ticketChange(2, 'b')] }]);
  });

  it('asks again shortly while the server holds changes back behind a transaction still running', async () => {
    const { bridge, control, heard, cursors } = catchingUp([
      feed('10:0', []),
      feed('10:0', [], false, 'scope-1', true),
      feed('11:2', [ticketChange(1, 'a')]),
    ]);
    await bridge.session.login({ email: 'a@b.c', password: 'secret' });
    control.connect();
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'changes', changes: [ticketChange(1, 'a')] }]));
    expect(cursors()).toEqual([null, '10:0', '10:0']);
  });

  it('asks for everything to be reloaded when the scope changed or the feed cannot be read', async () => {
    const { bridge, control, heard, cursors } = catchingUp([
      feed('10:0', [], false, 'user|1,2'),
      feed('11:0', [ticketChange(1, 'a')], false, 'user|1'),
      feed('11:5', [], false, 'user|1'),
      { status: 500, body: { error: 'ERR_INTERNAL' } },
    ]);
    await bridge.session.login({ email: 'a@b.c', password: 'secret' });
    control.connect();
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'reset' }]));
    control.connect();
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'reset' }, { kind: 'reset' }]));
    expect(cursors()).toEqual([null, '10:0', null, '11:5']);
  });
});

describe('downloading a file', () => {
  it('tells the bytes received as each chunk comes, and answers the whole file', async () => {
    const chunks = ['Nome,', 'Número\r\n', 'Ana,551\r\n'].map((part) => new TextEncoder().encode(part));
    const fetchFake = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/csv; charset=utf-8' } },
      )) as unknown as typeof globalThis.fetch;
    const bridge = createHttpBridge('', {
      fetch: fetchFake,
      storage: memoryStorage(),
      connectSocket: fakeSocket,
    });
    const received: number[] = [];
    const file = await bridge.download(
      api.contacts.export,
      { query: { format: 'csv', searchParam: '' } },
      (bytes) => received.push(bytes),
    );
    expect(received).toEqual([5, 14, 23]);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(await file.text()).toBe('Nome,Número\r\nAna,551\r\n');
  });
});

import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { loginScopes } from '../shared/facebook-login';
import {
  CALLBACK_SCRIPT,
  createFacebookLogin,
  FACEBOOK_REDIRECT_PATH,
  FACEBOOK_REDIRECT_PORT,
} from './facebook-login';
import { messagesFor } from './messages';

const request = { appId: '1234567890', version: 'v21.0', instagram: true };

/**
 * The main-process flow with a stand-in for the system browser: shell.openExternal records the dialog's
 * address, and the test plays Facebook and the browser (the redirect, then the callback page's script).
 */
function setUp(options: { timeoutMs?: number; port?: number } = {}) {
  let opened: (url: URL) => void = () => undefined;
  const dialog = new Promise<URL>((resolve) => (opened = resolve));
  const graph = vi.fn(async (_url: URL | RequestInfo) => Response.json({ id: '42' }));
  const facebook = createFacebookLogin({
    openExternal: async (url) => opened(new URL(url)),
    fetch: graph as unknown as typeof fetch,
    text: () => messagesFor('en'),
    port: options.port ?? 0,
    timeoutMs: options.timeoutMs,
  });
  /** Where Facebook sends the browser back, and what the callback page's script then asks for. */
  const browser = async (answer: (state: string) => { hash?: string; search?: string }) => {
    const url = await dialog;
    const redirect = new URL(url.searchParams.get('redirect_uri')!);
    const callback = await fetch(redirect);
    const html = await callback.text();
    const script = /<script>(.*)<\/script>/.exec(html)?.[1];
    expect(script).toBe(CALLBACK_SCRIPT);
    // The page's script, run as the browser would, with the redirect's fragment or query.
    let next = '';
    const { hash = '', search = '' } = answer(url.searchParams.get('state')!);
    new Function('location', script!)({ hash, search, replace: (to: string) => (next = to) });
    const done = await fetch(new URL(next, redirect));
    return { callback, done, body: await done.text() };
  };
  return { facebook, dialog, graph, browser };
}

describe('the desktop’s Facebook login (system browser, loopback redirect)', () => {
  it('opens Facebook’s dialog in the browser and answers what POST /facebook takes', async () => {
    const { facebook, dialog, graph, browser } = setUp();
    const login = facebook.login(request);
    const url = await dialog;
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1234567890',
      redirect_uri: expect.stringMatching(new RegExp(`^http://localhost:\\d+${FACEBOOK_REDIRECT_PATH}$`)),
      state: expect.stringMatching(/^[\w-]{32}$/),
      response_type: 'token',
      scope: loginScopes(true),
    });
    const { callback, done, body } = await browser((state) => ({
      hash: `#access_token=user-token&data_access_expiration_time=1&expires_in=3600&state=${state}`,
    }));
    // The page's inline script is the only thing its policy lets run.
    const hash = createHash('sha256').update(CALLBACK_SCRIPT).digest('base64');
    expect(callback.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'`,
    );
    expect(callback.headers.get('referrer-policy')).toBe('no-referrer');
    expect(done.status).toBe(200);
    expect(body).toContain(messagesFor('en').facebookLoginDone);
    await expect(login).resolves.toEqual({
      facebookUserId: '42',
      facebookUserToken: 'user-token',
      addInstagram: true,
    });
    const me = new URL(String(graph.mock.calls[0]![0]));
    expect(me.origin + me.pathname).toBe('https://graph.facebook.com/v21.0/me');
    expect(Object.fromEntries(me.searchParams)).toEqual({ fields: 'id', access_token: 'user-token' });
  });

  it('answers null when the person declines, and says so in the browser', async () => {
    const { facebook, graph, browser } = setUp();
    const login = facebook.login(request);
    const { body } = await browser((state) => ({
      search: `?error=access_denied&error_reason=user_denied&state=${state}`,
    }));
    expect(body).toContain(messagesFor('en').facebookLoginFailed);
    await expect(login).resolves.toBeNull();
    expect(graph).not.toHaveBeenCalled();
  });

  it('turns away a return that does not carry this login’s state, and goes on waiting', async () => {
    const { facebook, dialog, browser } = setUp();
    const login = facebook.login(request);
    const redirect = new URL((await dialog).searchParams.get('redirect_uri')!);
    const forged = await fetch(new URL('/facebook/done?access_token=stolen&state=guess', redirect));
    expect(forged.status).toBe(400);
    await browser((state) => ({ hash: `#access_token=user-token&state=${state}` }));
    await expect(login).resolves.toMatchObject({ facebookUserToken: 'user-token' });
  });

  it('gives up after a while, or when a new login or quitting replaces it, and closes the loopback port', async () => {
    const slow = setUp({ timeoutMs: 50 });
    const abandoned = slow.facebook.login(request);
    const redirect = new URL((await slow.dialog).searchParams.get('redirect_uri')!);
    await expect(abandoned).resolves.toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    await expect(fetch(redirect)).rejects.toThrow();

    const { facebook, dialog } = setUp();
    const first = facebook.login(request);
    await dialog;
    facebook.cancel();
    await expect(first).resolves.toBeNull();
  });

  it('fails, so the admin can paste a token instead, when the redirect port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const { facebook } = setUp({ port });
    await expect(facebook.login(request)).rejects.toThrow(/EADDRINUSE/);
    taken.close();
  });

  it('comes back to the fixed port the Meta app lists as its redirect', () => {
    expect(FACEBOOK_REDIRECT_PORT).toBe(47615);
    expect(FACEBOOK_REDIRECT_PATH).toBe('/facebook/callback');
  });
});

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  session as electronSession,
  ipcMain,
  net,
  protocol,
  safeStorage,
  screen,
  shell,
  utilityProcess,
  type WebContents,
} from 'electron';
import { io } from 'socket.io-client';
import type { SessionInfo } from '../shared/bridge';
import { createSyncEngine } from './cache/sync-engine';
import { createConnection } from './connection';
import { createEmbeddedServer, findFreePort, type SeededAdmin } from './embedded-server';
import { createPushers, createSenderCheck, registerIpc } from './ipc';
import { messagesFor } from './messages';
import { createOutbox } from './outbox';
import { createRealtime } from './realtime';
import {
  contentSecurityPolicy,
  navigationTarget,
  originOf,
  RENDERER_SCHEME,
  RENDERER_URL,
  rendererFile,
} from './security';
import { createServerModeStore } from './server-mode';
import { createSessionManager } from './session';
import { loadWindowBounds, MIN_WINDOW_SIZE, saveWindowBounds } from './window-state';

// Electron glue only: every decision lives in the modules above, which are tested under plain Node.

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const rendererUrl = devServerUrl ?? RENDERER_URL;
const rendererOrigin = originOf(rendererUrl);

function log(message: string, error?: unknown) {
  if (error === undefined) console.log(`[atendo] ${message}`);
  else console.error(`[atendo] ${message}`, error);
}

// Must happen before `ready`: app:// behaves like https (a real origin, fetch, secure context).
protocol.registerSchemesAsPrivileged([
  { scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(start);
}

function start() {
  const userData = app.getPath('userData');
  let win: BrowserWindow | null = null;

  const pushers = createPushers((channel, ...args) => {
    if (win && !win.isDestroyed()) win.webContents.send(channel, ...args);
  });
  const modes = createServerModeStore(userData);
  const embedded = createEmbeddedServer({
    utilityProcess,
    serverEntry: path.join(here, 'server.js'),
    dataDir: path.join(userData, 'data'),
    webDir: rendererDir,
    migrationsDir: app.isPackaged
      ? path.join(process.resourcesPath, 'migrations')
      : path.join(app.getAppPath(), 'src/server/db/migrations'),
    findFreePort,
    log,
  });
  const realtime = createRealtime({
    connect: io,
    // The cache first: it notes the event before the renderer can act on it.
    onEvent: (event, payload) => {
      engine.onEvent(event, payload);
      pushers.realtimeEvent(event, payload);
    },
    onStatus: (status) => {
      pushers.realtimeStatus(status);
      engine.onStatus(status);
    },
    onAuthError: () => void session.revalidate(),
  });
  const session = createSessionManager({
    fetch,
    origin: () => connection.origin(),
    secrets: safeStorage,
    userDataDir: userData,
    onExpired: () => {
      engine.stop();
      pushers.expired();
    },
    onToken: (access) => realtime.update(access),
    log,
  });
  const engine = createSyncEngine({
    cacheDir: path.join(userData, 'cache'),
    migrationsFolder: app.isPackaged
      ? path.join(process.resourcesPath, 'cache-migrations')
      : path.join(app.getAppPath(), 'src/main/cache/migrations'),
    request: (request) => session.request(request),
    push: pushers.syncChanges,
    emit: (event, args) => realtime.emit(event, args),
    // Back online and caught up: what was written meanwhile goes out.
    afterCatchUp: () => void outbox.flush(),
    log,
  });
  const outbox = createOutbox({
    store: () => engine.store(),
    request: (request) => session.request(request),
    push: pushers.outboxChanged,
    log,
  });
  /** A session began: its user's cache opens before the renderer loads any list. */
  const started = async <T extends SessionInfo | null>(info: T): Promise<T> => {
    if (info) await engine.start(info, await connection.origin());
    return info;
  };
  const connection = createConnection({
    modes,
    embedded,
    session,
    onFirstStart: showFirstStartCredentials,
    log,
  });
  connection.start();

  registerIpc({
    ipcMain,
    log,
    isTrustedSender: createSenderCheck(rendererUrl, () => win?.webContents),
    handlers: {
      request: async (request) => {
        await connection.settled();
        return engine.request(request, () => session.request(request));
      },
      download: async (request) => {
        await connection.settled();
        return session.download(request);
      },
      login: async (credentials) => started(await session.login(credentials)),
      restore: async () => {
        await connection.settled();
        return started(await session.restore());
      },
      logout: async () => {
        engine.stop();
        await session.logout();
        return null;
      },
      version: () => app.getVersion(),
      getServerMode: () => modes.get(),
      setServerMode: async (mode) => {
        const { changed } = await connection.setMode(mode);
        // Another server: start the renderer afresh (signed out, its policy naming the new origin).
        if (changed) {
          engine.stop();
          setImmediate(() => win && load(win));
        }
        return null;
      },
      realtimeEmit: (event, args) => realtime.emit(event, args),
      cacheTickets: (query) => engine.cachedTickets(query),
      cacheMessages: (ticketUuid) => engine.cachedMessages(ticketUuid),
      outboxSend: async (message) => {
        await connection.settled();
        return outbox.send(message);
      },
      outboxPending: (ticketId) => outbox.pending(ticketId),
      outboxDiscard: (clientId) => {
        outbox.discard(clientId);
        return null;
      },
    },
  });

  const csp = async () =>
    contentSecurityPolicy(await connection.policyOrigin().catch(() => null), devServerUrl);

  // The packaged renderer: the files of out/renderer (the renderer routes with the URL hash). The
  // page carries its policy itself, whether or not webRequest sees custom-protocol responses.
  protocol.handle(RENDERER_SCHEME, async (request) => {
    const file = rendererFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    if (!file.endsWith('.html')) return response;
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', await csp());
    return new Response(response.body, { status: response.status, headers });
  });

  // The development renderer (Vite's server) gets the same policy as a response header.
  const defaultSession = electronSession.defaultSession;
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' || originOf(details.url) !== rendererOrigin) {
      callback({});
      return;
    }
    void csp().then((policy) =>
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } }),
    );
  });
  defaultSession.setPermissionRequestHandler((_contents, permission, grant) =>
    grant(permission === 'notifications' || permission === 'clipboard-sanitized-write'),
  );

  const openInBrowser = (url: string) =>
    shell.openExternal(url).catch((err) => log(`could not open ${url}`, err));
  const load = (window: BrowserWindow) =>
    window.loadURL(rendererUrl).catch((err) => log('the renderer did not load', err));

  function keepOnOurPages(contents: WebContents) {
    contents.on('will-navigate', (event, url) => {
      const target = navigationTarget(url, rendererUrl);
      if (target === 'stay') return;
      event.preventDefault();
      if (target === 'external') openInBrowser(url);
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (navigationTarget(url, rendererUrl) !== 'deny') openInBrowser(url);
      return { action: 'deny' };
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  }
  app.on('web-contents-created', (_event, contents) => keepOnOurPages(contents));

  function showFirstStartCredentials(admin: SeededAdmin) {
    const text = messagesFor(app.getLocale());
    const options = {
      type: 'info' as const,
      title: text.firstStartTitle,
      message: text.firstStartMessage,
      detail: text.firstStartDetail(admin),
    };
    (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options)).catch((err) =>
      log('could not show the first-start credentials', err),
    );
  }

  function createWindow() {
    const bounds = loadWindowBounds(
      userData,
      screen.getAllDisplays().map((display) => display.workArea),
    );
    const window = new BrowserWindow({
      x: bounds.x,
      y: bounds.y,
      width: bounds.width,
      height: bounds.height,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
      title: 'Atendo',
      show: false,
      autoHideMenuBar: true,
      webPreferences: {
        preload: path.join(here, '../preload/index.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      },
    });
    win = window;
    window.once('ready-to-show', () => {
      if (bounds.maximized) window.maximize();
      window.show();
    });
    let saveTimer: NodeJS.Timeout | undefined;
    const saveBounds = () => saveWindowBounds(userData, window.getNormalBounds(), window.isMaximized());
    const saveSoon = () => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(saveBounds, 500);
    };
    window.on('resize', saveSoon);
    window.on('move', saveSoon);
    window.on('close', () => {
      clearTimeout(saveTimer);
      saveBounds();
    });
    window.on('closed', () => {
      if (win === window) win = null;
    });
    // A (re)loaded renderer learns the connection state it would otherwise have missed.
    window.webContents.on('did-finish-load', () => pushers.realtimeStatus(realtime.status()));
    void load(window);
  }

  app.on('second-instance', () => {
    if (!win) return createWindow();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  app.on('activate', () => {
    if (!win) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting waits for the embedded server to close its database.
  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    realtime.stop();
    void connection
      .stop()
      .catch((err) => log('embedded server did not stop cleanly', err))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });

  createWindow();
}

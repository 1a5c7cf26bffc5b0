import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  session as electronSession,
  ipcMain,
  Menu,
  Notification,
  nativeImage,
  net,
  protocol,
  safeStorage,
  screen,
  shell,
  systemPreferences,
  Tray,
  utilityProcess,
  type WebContents,
} from 'electron';
import { autoUpdater } from 'electron-updater';
import { io } from 'socket.io-client';
import type { SessionInfo } from '../shared/bridge';
import { appUserModelId } from './app-id';
import { createSyncEngine } from './cache/sync-engine';
import { createConnection } from './connection';
import { DEEP_LINK_SCHEME, ticketOfArguments, ticketOfDeepLink } from './deep-link';
import { createDesktopSettingsStore } from './desktop-settings';
import { createEmbeddedServer, findFreePort, type SeededAdmin } from './embedded-server';
import { createFacebookLogin } from './facebook-login';
import { createPushers, createSenderCheck, registerIpc } from './ipc';
import { messagesFor } from './messages';
import { createNotifications } from './notifications';
import { createOutbox } from './outbox';
import { grantsPermission, mayAsk } from './permissions';
import { createRealtime } from './realtime';
import { resourceDir, SERVER_ENTRY } from './resources';
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
import { ELECTRON_SQLITE_ENV, sqliteBinding } from './sqlite-binding';
import { showBadge, trayIconOf, trayMenu } from './tray';
import { createUpdatePolicy } from './updater';
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

// Windows shows notifications only for an app whose model id matches its shortcut's (app-id.ts).
if (process.platform === 'win32')
  app.setAppUserModelId(appUserModelId({ packaged: app.isPackaged, execPath: process.execPath }));

// Must happen before `ready`: app:// behaves like https (a real origin, fetch, secure context).
protocol.registerSchemesAsPrivileged([
  { scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

// atendo://tickets/{uuid} opens a ticket: Windows and Linux pass the link on the command line (to the
// first instance through second-instance), macOS as open-url, possibly before the app is ready.
if (process.defaultApp) {
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1] ?? '.')]);
} else {
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}
let linkedTicket = ticketOfArguments(process.argv);
let openLinkedTicket = (ticketUuid: string) => {
  linkedTicket = ticketUuid;
};
app.on('open-url', (event, url) => {
  event.preventDefault();
  const ticketUuid = ticketOfDeepLink(url);
  if (ticketUuid) openLinkedTicket(ticketUuid);
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(start);
}

function start() {
  const userData = app.getPath('userData');
  let win: BrowserWindow | null = null;
  let quitting = false;
  const settings = createDesktopSettingsStore(userData);
  const text = messagesFor(app.getLocale());
  const installed = {
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
  };
  const resources = (which: Parameters<typeof resourceDir>[0]) => resourceDir(which, installed, path.join);
  const icon = (name: string) => {
    const image = nativeImage.createFromPath(path.join(resources('icons'), 'tray', `${name}.png`));
    if (name.endsWith('Template')) image.setTemplateImage(true);
    return image;
  };

  const pushers = createPushers((channel, ...args) => {
    if (win && !win.isDestroyed()) win.webContents.send(channel, ...args);
  });
  const modes = createServerModeStore(userData);
  const embedded = createEmbeddedServer({
    utilityProcess,
    serverEntry: path.join(app.getAppPath(), SERVER_ENTRY),
    dataDir: path.join(userData, 'data'),
    webDir: rendererDir,
    migrationsDir: resources('serverMigrations'),
    findFreePort,
    log,
  });
  const realtime = createRealtime({
    connect: io,
    // The cache first: it notes the event before the renderer can act on it.
    onEvent: (event, payload) => {
      engine.onEvent(event, payload);
      notifications.onEvent(event, payload);
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
    onExpired: (reason) => {
      ended();
      pushers.expired(reason);
    },
    onToken: (access) => realtime.update(access),
    log,
  });
  const sqlite = sqliteBinding({ packaged: app.isPackaged, env: process.env });
  if (!app.isPackaged && !sqlite)
    log(
      `${ELECTRON_SQLITE_ENV} is not set: start with npm start or npm run dev:desktop (they build SQLite for Electron)`,
    );
  const engine = createSyncEngine({
    cacheDir: path.join(userData, 'cache'),
    migrationsFolder: resources('cacheMigrations'),
    sqliteBinding: sqlite,
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
  /** The session ended (signed out, expired, another server): nothing of it stays on screen. */
  const ended = () => {
    engine.stop();
    notifications.clear();
    showUnread(0);
  };
  const notifications = createNotifications({
    signedIn: () => engine.signedIn(),
    focused: () => win?.isFocused() ?? false,
    show: ({ title, body }, onClick) => {
      if (!Notification.isSupported()) return { close: () => undefined };
      // Silent: the renderer's chime plays at the volume the user chose (1-attendance §2).
      const notification = new Notification({ title, body, silent: true });
      notification.on('click', onClick);
      notification.show();
      return notification;
    },
    open: openTicket,
    text: () => text,
  });

  const tray = new Tray(icon(trayIconOf(process.platform)));
  tray.setToolTip('Atendo');
  tray.setContextMenu(Menu.buildFromTemplate(trayMenu(text, { open: showWindow, quit: () => app.quit() })));
  tray.on('click', showWindow);
  function showUnread(count: number) {
    showBadge(
      count,
      {
        platform: process.platform,
        tray: {
          setImage: (name) => tray.setImage(icon(name)),
          setToolTip: (tip) => tray.setToolTip(tip),
          setTitle: (title) => tray.setTitle(title),
        },
        setDockBadge: (badge) => app.dock?.setBadge(badge),
        setBadgeCount: (n) => app.setBadgeCount(n),
        setOverlayIcon: (name, description) =>
          win?.setOverlayIcon(name === null ? null : icon(name), description),
      },
      text,
    );
  }

  function showWindow() {
    if (!win) return createWindow(true);
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }
  /** Opens a ticket in the window, once its renderer has loaded (a link may come before). */
  function openTicket(ticketUuid: string) {
    linkedTicket = ticketUuid;
    showWindow();
    if (win && !win.webContents.isLoading()) deliverLinkedTicket();
  }
  function deliverLinkedTicket() {
    if (!linkedTicket) return;
    pushers.openTicket(linkedTicket);
    linkedTicket = null;
  }
  openLinkedTicket = openTicket;
  const connection = createConnection({
    modes,
    embedded,
    session,
    onFirstStart: showFirstStartCredentials,
    log,
  });
  connection.start();

  const facebook = createFacebookLogin({
    openExternal: (url) => shell.openExternal(url),
    fetch,
    text: () => text,
    log,
  });

  // An audio recording under way in the renderer (an update never installs during one).
  let recording = false;
  const updates = createUpdatePolicy({
    updater: autoUpdater,
    busy: () => (recording ? 'recording' : outbox.sending() ? 'sending' : null),
    configuredUrl: process.env.ATENDO_UPDATE_URL || undefined,
    serverOrigin: () => connection.origin(),
    channel: () => settings.get().updateChannel,
    askToInstall: async (version) => {
      const options = {
        type: 'info' as const,
        title: text.updateTitle,
        message: text.updateReady(version),
        detail: text.updateDetail,
        buttons: [text.updateInstallOnQuit, text.updateLater],
        defaultId: 0,
        cancelId: 1,
      };
      const { response } = await (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
      return response === 0;
    },
    log,
  });
  // electron-updater only updates an installed app.
  if (app.isPackaged) updates.start();

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
        ended();
        await session.logout();
        return null;
      },
      version: () => app.getVersion(),
      getServerMode: () => modes.get(),
      setServerMode: async (mode) => {
        const { changed } = await connection.setMode(mode);
        // Another server: start the renderer afresh (signed out, its policy naming the new origin).
        if (changed) {
          ended();
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
      setUnreadCount: (count) => {
        showUnread(count);
        return null;
      },
      setRecording: (on) => {
        recording = on;
        return null;
      },
      facebookLogin: (request) => facebook.login(request),
      getDesktopSettings: () => settings.get(),
      setDesktopSettings: (next) => {
        const before = settings.get();
        settings.set(next);
        // Another channel: look there at once rather than in up to six hours.
        if (app.isPackaged && before.updateChannel !== next.updateChannel) void updates.check();
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
  const permissionContext = {
    rendererOrigin,
    platform: process.platform,
    askSystem: (device: 'microphone' | 'camera') => systemPreferences.askForMediaAccess(device),
  };
  defaultSession.setPermissionRequestHandler((_contents, permission, grant, details) => {
    grantsPermission(permission, details, permissionContext).then(grant, (err) => {
      log(`could not decide on ${permission}`, err);
      grant(false);
    });
  });
  defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    mayAsk(permission, requestingOrigin, rendererOrigin),
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

  function createWindow(visible: boolean) {
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
      if (!visible) return;
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
    window.on('close', (event) => {
      clearTimeout(saveTimer);
      saveBounds();
      // Closing keeps the app in the tray (notifications keep coming); the tray menu quits.
      if (quitting) return;
      event.preventDefault();
      window.hide();
    });
    window.on('closed', () => {
      if (win === window) win = null;
    });
    // A (re)loaded renderer learns the connection state it would otherwise have missed, and the ticket a
    // link or a notification asked for meanwhile.
    window.webContents.on('did-finish-load', () => {
      pushers.realtimeStatus(realtime.status());
      deliverLinkedTicket();
    });
    void load(window);
  }

  app.on('second-instance', (_event, argv) => {
    const ticketUuid = ticketOfArguments(argv);
    if (ticketUuid) openTicket(ticketUuid);
    else showWindow();
  });
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting waits for the embedded server to close its database, then installs an agreed update.
  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    // Decided as the user quits, before anything stops: never in the middle of a recording or a send.
    const installing = app.isPackaged && updates.willInstallOnQuit();
    updates.stop();
    realtime.stop();
    facebook.cancel();
    void connection
      .stop()
      .catch((err) => log('embedded server did not stop cleanly', err))
      .finally(() => {
        stopped = true;
        if (!installing) return app.quit();
        // The updater quits the app itself once the installer is handed the update (on macOS, once
        // Squirrel has it); should it fail, the app still quits.
        updates.install();
        setTimeout(() => app.quit(), 30_000);
      });
  });

  // Started in the tray when the user chose so, unless a link asked for a ticket.
  createWindow(!settings.get().startMinimized || linkedTicket !== null);
}

/** The app's id: electron-builder.yml's appId, the macOS bundle id and the Windows app user model id. */
export const APP_ID = 'com.atendo.desktop';

/**
 * The Windows app user model id: notifications and the taskbar group by it, and the installer's
 * shortcuts carry the appId, so an installed app must use that; run from the repository, Electron's own
 * executable is the app Windows knows.
 */
export const appUserModelId = (where: { packaged: boolean; execPath: string }) =>
  where.packaged ? APP_ID : where.execPath;

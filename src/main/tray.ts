import type { Messages } from './messages';

/** The highest count drawn as itself; above it the badge says "9+". */
const MOST_SHOWN = 9;

/** The badge for a number of unread conversations: its icons (resources/tray), its text and its count. */
export function badgeFor(count: number) {
  const n = Math.max(0, Math.floor(count));
  const label = n === 0 ? '' : n > MOST_SHOWN ? `${MOST_SHOWN}+` : String(n);
  const name = label.replace('+', 'plus');
  return {
    count: n,
    text: label,
    /** resources/tray/<trayIcon>.png (and its @2x). */
    trayIcon: n === 0 ? 'tray' : `tray-${name}`,
    /** The Windows taskbar overlay; none without unread conversations. */
    overlayIcon: n === 0 ? null : `overlay-${name}`,
  };
}

/**
 * The macOS menu-bar icon (resources/tray/trayTemplate.png): a template image, drawn by the system in the
 * bar's own colour, so it never carries the red count; the count is the tray's title beside it.
 */
export const MAC_TRAY_ICON = 'trayTemplate';

/** The tray icon a system starts with. */
export const trayIconOf = (platform: NodeJS.Platform) => (platform === 'darwin' ? MAC_TRAY_ICON : 'tray');

/** Where each system shows the badge (Electron's tray, app and window, injected). */
export interface BadgeTargets {
  platform: NodeJS.Platform;
  tray: {
    setImage(icon: string): void;
    setToolTip(text: string): void;
    setTitle(title: string): void;
  } | null;
  /** macOS dock. */
  setDockBadge(text: string): void;
  /** Linux launchers (Unity, KDE) and macOS; false where the desktop has none. */
  setBadgeCount(count: number): boolean;
  /** Windows taskbar: an icon over the app's with a description for screen readers. */
  setOverlayIcon(icon: string | null, description: string): void;
}

/**
 * Shows the unread count (the bell's: 1-attendance §2) everywhere the system has a place for it: the tray
 * icon (on macOS its title) and its tooltip, the macOS dock, the Linux launcher count, the Windows
 * taskbar overlay.
 */
export function showBadge(count: number, targets: BadgeTargets, text: Messages) {
  const badge = badgeFor(count);
  const description = text.unread(badge.count);
  targets.tray?.setToolTip(`Atendo — ${description}`);
  if (targets.platform === 'darwin') {
    targets.tray?.setImage(MAC_TRAY_ICON);
    targets.tray?.setTitle(badge.text);
  } else {
    targets.tray?.setImage(badge.trayIcon);
  }
  if (targets.platform === 'darwin') targets.setDockBadge(badge.text);
  else if (targets.platform === 'linux') targets.setBadgeCount(badge.count);
  else if (targets.platform === 'win32') targets.setOverlayIcon(badge.overlayIcon, description);
  return badge;
}

/** The tray's menu: bring the window back, or quit (the window's close button only hides it). */
export function trayMenu(text: Messages, actions: { open(): void; quit(): void }) {
  return [
    { label: text.trayOpen, click: actions.open },
    { type: 'separator' as const },
    { label: text.trayQuit, click: actions.quit },
  ];
}

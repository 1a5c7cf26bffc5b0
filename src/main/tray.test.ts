import { describe, expect, it, vi } from 'vitest';
import { messagesFor } from './messages';
import { badgeFor, MAC_TRAY_ICON, showBadge, trayIconOf, trayMenu } from './tray';

function targets(platform: NodeJS.Platform) {
  return {
    platform,
    tray: { setImage: vi.fn(), setToolTip: vi.fn(), setTitle: vi.fn() },
    setDockBadge: vi.fn(),
    setBadgeCount: vi.fn(() => true),
    setOverlayIcon: vi.fn(),
  };
}

describe('the unread badge', () => {
  it('draws 1 to 9 as themselves and anything above as 9+, and nothing at 0', () => {
    expect(badgeFor(0)).toEqual({ count: 0, text: '', trayIcon: 'tray', overlayIcon: null });
    expect(badgeFor(3)).toEqual({ count: 3, text: '3', trayIcon: 'tray-3', overlayIcon: 'overlay-3' });
    expect(badgeFor(9).trayIcon).toBe('tray-9');
    expect(badgeFor(10)).toEqual({
      count: 10,
      text: '9+',
      trayIcon: 'tray-9plus',
      overlayIcon: 'overlay-9plus',
    });
    expect(badgeFor(-2).count).toBe(0);
  });

  it('shows the count on the tray everywhere, in the dock on macOS and as the launcher count on Linux', () => {
    const mac = targets('darwin');
    showBadge(12, mac, messagesFor('en'));
    expect(mac.tray.setToolTip).toHaveBeenCalledWith('Atendo — 12 unread conversations');
    expect(mac.setDockBadge).toHaveBeenCalledWith('9+');
    const linux = targets('linux');
    showBadge(2, linux, messagesFor('pt'));
    expect(linux.tray.setImage).toHaveBeenCalledWith('tray-2');
    expect(linux.setBadgeCount).toHaveBeenCalledWith(2);
    expect(linux.setOverlayIcon).not.toHaveBeenCalled();
  });

  it('keeps the macOS menu-bar icon a template image, with the count as its title', () => {
    expect(trayIconOf('darwin')).toBe(MAC_TRAY_ICON);
    expect(trayIconOf('win32')).toBe('tray');
    const mac = targets('darwin');
    showBadge(3, mac, messagesFor('en'));
    expect(mac.tray.setImage).toHaveBeenLastCalledWith(MAC_TRAY_ICON);
    expect(mac.tray.setTitle).toHaveBeenLastCalledWith('3');
    showBadge(0, mac, messagesFor('en'));
    expect(mac.tray.setImage).toHaveBeenLastCalledWith(MAC_TRAY_ICON);
    expect(mac.tray.setTitle).toHaveBeenLastCalledWith('');
    // A template is read from its name's Template suffix and its alpha: black on transparent only.
    expect(MAC_TRAY_ICON.endsWith('Template')).toBe(true);
  });

  it('puts an overlay with a description for screen readers on the Windows taskbar, and takes it away at 0', () => {
    const windows = targets('win32');
    showBadge(1, windows, messagesFor('es'));
    expect(windows.setOverlayIcon).toHaveBeenLastCalledWith('overlay-1', '1 conversación sin leer');
    showBadge(0, windows, messagesFor('es'));
    expect(windows.setOverlayIcon).toHaveBeenLastCalledWith(null, 'Ninguna conversación sin leer');
    expect(windows.setDockBadge).not.toHaveBeenCalled();
  });
});

describe('the tray menu', () => {
  it('opens the window or quits, in the user’s language', () => {
    const actions = { open: vi.fn(), quit: vi.fn() };
    const menu = trayMenu(messagesFor('pt-BR'), actions);
    expect(menu.map((item) => item.label ?? item.type)).toEqual(['Abrir o Atendo', 'separator', 'Sair']);
    menu[0]!.click?.();
    menu[2]!.click?.();
    expect(actions.open).toHaveBeenCalledOnce();
    expect(actions.quit).toHaveBeenCalledOnce();
  });
});

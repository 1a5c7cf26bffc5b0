/**
 * The namespaces the shell and the inbox show at their first paint (and the sign-in page): Portuguese's
 * are bundled with the entry, every other namespace loads with the screen that asks for it
 * (vite.renderer.ts splits the language; react-i18next loads a missing namespace, suspending meanwhile),
 * or once the inbox's data is on its way (`loadLaterNamespaces`), so a chat opens without waiting for them.
 */
export const FIRST_PAINT_NAMESPACES: readonly string[] = [
  'common',
  'errors',
  'shell',
  'auth',
  'tickets',
  'announcements',
  // The sign-in page's second factor.
  'twoFactor',
];

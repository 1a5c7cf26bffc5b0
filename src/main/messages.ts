import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language, resources } from '../shared/i18n';

/** The words the main process shows itself (dialogs, tray, badge, notifications), from the shared resources. */
export interface Messages {
  firstStartTitle: string;
  firstStartMessage: string;
  firstStartDetail(admin: { email: string; password: string }): string;
  trayOpen: string;
  trayQuit: string;
  /** What the badge says to a screen reader (Windows overlay) and in the tray's tooltip. */
  unread(count: number): string;
  /** Under a ticket's notification when several messages arrived. */
  newMessages(count: number): string;
  updateTitle: string;
  updateReady(version: string): string;
  updateDetail: string;
  updateInstallOnQuit: string;
  updateLater: string;
  /** The page the browser shows when a Facebook login comes back to the app. */
  facebookLoginTitle: string;
  facebookLoginDone: string;
  facebookLoginFailed: string;
}

// One instance for main, over the renderer's resources (src/shared/i18n, namespace `desktop`): plurals
// follow each language's CLDR rules (Intl.PluralRules), with a `_zero` form where a count can be none.
const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['desktop'],
  defaultNS: 'desktop',
  // Dialogs and menus show plain text; the one HTML page escapes what it writes itself.
  interpolation: { escapeValue: false },
  initAsync: false,
});

function messagesIn(t: TFunction<'desktop'>): Messages {
  return {
    firstStartTitle: t('firstStart.title'),
    firstStartMessage: t('firstStart.message'),
    firstStartDetail: ({ email, password }) => t('firstStart.detail', { email, password }),
    trayOpen: t('tray.open'),
    trayQuit: t('tray.quit'),
    unread: (count) => t('unread', { count }),
    newMessages: (count) => t('newMessages', { count }),
    updateTitle: t('update.title'),
    updateReady: (version) => t('update.ready', { version }),
    updateDetail: t('update.detail'),
    updateInstallOnQuit: t('update.installOnQuit'),
    updateLater: t('update.later'),
    facebookLoginTitle: t('facebookLogin.title'),
    facebookLoginDone: t('facebookLogin.done'),
    facebookLoginFailed: t('facebookLogin.failed'),
  };
}

const byLanguage = new Map<Language, Messages>();

/** The messages in a system locale's language (`pt-BR` → pt); Portuguese is the default and the fallback. */
export function messagesFor(locale: string): Messages {
  const code = locale.toLowerCase().split(/[-_]/)[0];
  const language: Language = isLanguage(code) ? code : DEFAULT_LANGUAGE;
  let messages = byLanguage.get(language);
  if (!messages) {
    messages = messagesIn(i18n.getFixedT(language, 'desktop'));
    byLanguage.set(language, messages);
  }
  return messages;
}

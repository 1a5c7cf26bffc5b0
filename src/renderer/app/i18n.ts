import pt from 'virtual:atendo-language/pt/first-paint';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Namespace } from '../../shared/i18n/index';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/types';

/** The chosen language is a local browser value. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

// Portuguese's first-paint namespaces (the fallback) ship with the app; its other namespaces and every
// other language are chunks of their own, fetched when shown (vite.renderer.ts).
const chunks: Record<Language, () => Promise<{ default: Partial<typeof pt> }>> = {
  pt: () => import('virtual:atendo-language/pt/later'),
  en: () => import('virtual:atendo-language/en'),
  es: () => import('virtual:atendo-language/es'),
  tr: () => import('virtual:atendo-language/tr'),
};

const messagesOf = async (language: string, namespace: Namespace) =>
  isLanguage(language) ? ((await chunks[language]()).default[namespace] ?? null) : null;

/** Resolves once the stored language's messages are there: render after it, or the first frame is pt. */
export function initI18n() {
  const language = storedLanguage();
  document.documentElement.lang = language;
  return i18n
    .use(resourcesToBackend(messagesOf))
    .use(initReactI18next)
    .init({
      resources: { pt },
      // The bundled Portuguese is not all there is: the backend loads the other languages and namespaces.
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      // Loaded before the first render; a screen's own namespace loads when the screen asks for it.
      ns: Object.keys(pt),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => i18n);
}

/** Every namespace the first paint did without, for the screens to come (RequireSession, after sign-in). */
export async function loadLaterNamespaces() {
  await i18n.loadNamespaces(Object.keys((await chunks.pt()).default));
}

export async function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export { i18n };

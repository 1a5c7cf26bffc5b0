/** The interface languages (1-attendance §1); pt is the default and the fallback. */
export const LANGUAGES = ['pt', 'en', 'es', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A namespace's messages in one language: nested keys, string leaves. */
export interface Messages {
  [key: string]: string | Messages;
}

/** One namespace file: the same keys in every language (i18n.test.ts checks it). */
export type Locales = Record<Language, Messages>;

import { ApiError } from '../../shared/bridge';
import { isErrorCode, VALIDATION } from '../../shared/errors';

type Translate = (key: string) => string;

const VALIDATION_KEYS = Object.fromEntries(
  Object.entries(VALIDATION).map(([key, message]) => [message, `errors:validation.${key}`]),
) as Record<string, string>;

/** The spec's validation messages ('Too Short!', 'Required', ...) in the reader's language; other text as is. */
export function translateValidation(message: string, t: Translate): string;
export function translateValidation(message: string | undefined, t: Translate): string | undefined;
export function translateValidation(message: string | undefined, t: Translate): string | undefined {
  if (message === undefined) return undefined;
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

/**
 * 1-attendance §8: a known error code is translated; an unknown code or any other plain string is shown
 * as is (the spec's validation messages are known texts and are translated too); anything else is the
 * generic 'An error occurred!'.
 */
export function errorMessage(error: unknown, t: Translate): string {
  const answer = error instanceof ApiError ? error.body : error;
  const text =
    typeof answer === 'string'
      ? answer
      : typeof answer === 'object' && answer !== null && 'error' in answer
        ? (answer as { error: unknown }).error
        : undefined;
  if (typeof text !== 'string' || text.trim() === '') return t('errors:generic');
  if (isErrorCode(text)) return t(`errors:codes.${text}`);
  return translateValidation(text, t);
}

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/bridge';
import { errorMessage, translateValidation } from './error-message';

const t = (key: string) => `<${key}>`;

describe('the error toast rule of 1-attendance §8', () => {
  it('translates a known error code from the server', () => {
    expect(errorMessage(new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' }), t)).toBe(
      '<errors:codes.ERR_INVALID_CREDENTIALS>',
    );
  });

  it('shows an unknown code raw', () => {
    expect(errorMessage(new ApiError(400, { error: 'ERR_SOMETHING_NEW' }), t)).toBe('ERR_SOMETHING_NEW');
  });

  it('shows a plain string answer as is', () => {
    expect(errorMessage(new ApiError(500, 'Bad gateway, try later'), t)).toBe('Bad gateway, try later');
    expect(errorMessage('Arquivo inválido!', t)).toBe('Arquivo inválido!');
  });

  it('translates the spec validation messages the server answers with', () => {
    expect(errorMessage(new ApiError(400, { error: 'Too Short!' }), t)).toBe('<errors:validation.tooShort>');
  });

  it('falls back to the generic message for anything else', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), t)).toBe('<errors:generic>');
    expect(errorMessage(new ApiError(502, undefined), t)).toBe('<errors:generic>');
    expect(errorMessage(undefined, t)).toBe('<errors:generic>');
  });
});

describe('translateValidation', () => {
  it('translates each spec message and leaves other text alone', () => {
    expect(translateValidation('Too Long!', t)).toBe('<errors:validation.tooLong>');
    expect(translateValidation('Required', t)).toBe('<errors:validation.required>');
    expect(translateValidation('Invalid email', t)).toBe('<errors:validation.invalidEmail>');
    expect(translateValidation('Obrigatório', t)).toBe('<errors:validation.mandatory>');
    expect(translateValidation('HH:MM', t)).toBe('HH:MM');
    expect(translateValidation(undefined, t)).toBeUndefined();
  });
});

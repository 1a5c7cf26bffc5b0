import type { ErrorCode } from '../../shared/errors';

/** A rule broken by the caller: the HTTP layer answers `{ error: code }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    readonly status = 400,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode) => new AppError(code, 404);
export const forbidden = () => new AppError('ERR_NO_PERMISSION', 403);

import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';

/**
 * An image the server refused (its content is not a JPG or PNG, it is too large) shows on its
 * field; anything else opens the error modal.
 */
export function showImageError(
  form: { setFieldError(path: string, error: string): void },
  path: string,
  error: unknown,
) {
  if (error instanceof ApiError && (error.status === 422 || error.status === 413))
    form.setFieldError(path, translateErrorCode(error.code));
  else reportError(error);
}

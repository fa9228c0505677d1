import type { FormErrors } from '@mantine/form';
import { reportError, translateErrorCode } from '../app/errors';
import { ApiError } from '../lib/api';
import { applyViolations } from './forms';

/**
 * Shows a failed save on its form: 422 violations on their fields, a 422 without violations
 * (e.g. `user_type_not_assignable`) above the form, anything else in the error modal.
 */
export function showSaveError(form: { setErrors(errors: FormErrors): void }, error: unknown): void {
  if (applyViolations(form, error)) return;
  if (error instanceof ApiError && error.status === 422)
    form.setErrors({ root: translateErrorCode(error.code) });
  else reportError(error);
}

export { focusFirstError } from './form-shell';

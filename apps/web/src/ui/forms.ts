import type { FormErrors } from '@mantine/form';
import { reportError } from '../app/errors';
import { i18n } from '../i18n';
import { ApiError } from '../lib/api';
import { fieldErrorCodes, fieldOf, requiredWhenEmpty, type ValidationIssue } from './form-paths';

/** Any zod schema (the shared request schemas): only `safeParse` is needed. */
interface Schema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly ValidationIssue[] } };
}

/** The text of a validation or error code (`errors:<code>`), or a generic "invalid value". */
export function translateViolation(code: string): string {
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : i18n.t('errors:invalid_value');
}

/** `modules[0].organizationId` (API) → `modules.0.organizationId` (Mantine form path). */
export function toFormPath(propertyPath: string): string {
  return propertyPath.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * A Mantine form `validate` function from a shared zod schema: the schema's message codes are
 * translated, one message per field (the first issue wins), on the field the user typed in.
 */
export function zodValidator<Values>(schema: Schema): (values: Values) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const [path, code] of Object.entries(fieldErrorCodes(values, result.error.issues)))
      errors[path] = translateViolation(code);
    return errors;
  };
}

/** What a Mantine form exposes that applyViolations needs. */
interface FormWithErrors {
  setErrors(errors: FormErrors): void;
  /** The values sent, to put each violation on its field and call an empty field required. */
  getValues?(): unknown;
}

/**
 * Shows the violations of a 422 answer on the form's fields (translated `errors:<code>`).
 * Returns false when the error is not a 422 with violations, for the caller to handle otherwise.
 */
export function applyViolations(form: FormWithErrors, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.problem.violations?.length) return false;
  const errors: FormErrors = {};
  const values = form.getValues?.();
  for (const violation of error.problem.violations) {
    const propertyPath = toFormPath(violation.propertyPath);
    const field = values && propertyPath ? fieldOf(values, propertyPath.split('.')) : null;
    const path = field?.path || propertyPath || 'root';
    const code = field ? requiredWhenEmpty(violation.code, field.value) : violation.code;
    errors[path] ??= i18n.exists(`errors:${code}`)
      ? i18n.t(`errors:${code}`)
      : violation.message || translateViolation(code);
  }
  form.setErrors(errors);
  return true;
}

/** The usual `onError` of a form mutation: 422 violations on the fields, anything else in the error modal. */
export function handleFormError(form: FormWithErrors, error: unknown): void {
  if (!applyViolations(form, error)) reportError(error);
}

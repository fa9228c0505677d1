import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { RefurbStepForm, refurbStepIssues } from '@reprise/shared';
import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { fieldErrorCodes, type ValidationIssue } from '../../ui/form-paths';
import { toFormPath, translateViolation } from '../../ui/forms';
import { formPathOf, type RefurbStepFormValues, toRefurbStepRequest } from './refurb-step-form-values';

export type RefurbStepFormState = UseFormReturnType<RefurbStepFormValues>;

/** Issues of the request, each on the form field it was typed in (a cost under its warehouse). */
function errorsOf(values: RefurbStepFormValues, issues: readonly ValidationIssue[]): FormErrors {
  const request = toRefurbStepRequest(values);
  const moved = issues.map((issue) => ({ ...issue, path: formPathOf(issue.path, request).split('.') }));
  const errors: FormErrors = {};
  for (const [path, code] of Object.entries(fieldErrorCodes(values, moved)))
    errors[path || 'root'] = translateViolation(code);
  return errors;
}

/** The form's validation: the shared schema and the rules the server checks (refurbStepIssues). */
function validateRefurbStep(values: RefurbStepFormValues): FormErrors {
  const request = toRefurbStepRequest(values);
  const result = RefurbStepForm.safeParse(request);
  const issues: ValidationIssue[] = result.success ? [] : [...result.error.issues];
  // the schema's refinement waits for the fields to be well-formed: its rules are told at once too
  for (const issue of refurbStepIssues(request)) issues.push({ path: issue.path, message: issue.code });
  return errorsOf(values, issues);
}

export function useRefurbStepForm(initialValues: RefurbStepFormValues): RefurbStepFormState {
  return useForm<RefurbStepFormValues>({ mode: 'controlled', initialValues, validate: validateRefurbStep });
}

/** A refused save on its form: 422 violations on their fields, another 422 above them, anything else in the error modal. */
export function showRefurbStepSaveError(form: RefurbStepFormState, error: unknown): void {
  if (error instanceof ApiError && error.status === 422) {
    const violations = error.problem.violations ?? [];
    form.setErrors(
      violations.length
        ? errorsOf(
            form.getValues(),
            violations.map((v) => ({ path: toFormPath(v.propertyPath).split('.'), message: v.code })),
          )
        : { root: translateErrorCode(error.code) },
    );
    return;
  }
  reportError(error);
}

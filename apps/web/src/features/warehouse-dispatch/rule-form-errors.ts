import type { FormErrors } from '@mantine/form';
import { WarehouseDispatchRuleForm, warehouseDispatchRuleViolations } from '@reprise/shared';
import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { fieldOf } from '../../ui/form-paths';
import { toFormPath, translateViolation } from '../../ui/forms';
import type { RuleFormValues } from './rule-form-values';

/**
 * The rule's errors by form field, each said by its own code ("add at least one condition" on an
 * empty list, not a generic "required"): a value of a list belongs to its list's field.
 */
function errorsOf(
  values: RuleFormValues,
  issues: { path: readonly PropertyKey[]; code: string }[],
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = fieldOf(values, issue.path).path || 'root';
    errors[path] ??= translateViolation(issue.code);
  }
  return errors;
}

/** The form's validation: the shared schema and rules. */
export function validateRule(values: RuleFormValues): FormErrors {
  const result = WarehouseDispatchRuleForm.safeParse(values);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path, code: issue.message }));
  // the schema's refinement waits for the fields to be well-formed: its rules are told at once too
  for (const rule of warehouseDispatchRuleViolations(values))
    issues.push({ path: rule.path.split('.'), code: rule.code });
  return errorsOf(values, issues);
}

/** A refused save on its form: 422 violations on their fields, another 422 above it, anything else in the error modal. */
export function showRuleSaveError(
  form: { setErrors(errors: FormErrors): void; getValues(): RuleFormValues },
  error: unknown,
): void {
  if (error instanceof ApiError && error.status === 422) {
    const violations = error.problem.violations ?? [];
    form.setErrors(
      violations.length
        ? errorsOf(
            form.getValues(),
            violations.map((v) => ({ path: toFormPath(v.propertyPath).split('.'), code: v.code })),
          )
        : { root: translateErrorCode(error.code) },
    );
    return;
  }
  reportError(error);
}

import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { RefurbQuestionForm, refurbQuestionIssues } from '@reprise/shared';
import { fieldErrorCodes, type ValidationIssue } from '../../ui/form-paths';
import { translateViolation } from '../../ui/forms';
import { type RefurbQuestionFormValues, toRefurbQuestionRequest } from './refurb-question-form-values';

export type RefurbQuestionFormState = UseFormReturnType<RefurbQuestionFormValues>;

/** The form's validation: the shared schema and the rules the server checks (refurbQuestionIssues). */
function validateRefurbQuestion(values: RefurbQuestionFormValues): FormErrors {
  const request = toRefurbQuestionRequest(values);
  const result = RefurbQuestionForm.safeParse(request);
  const issues: ValidationIssue[] = result.success ? [] : [...result.error.issues];
  // the schema's refinement waits for the fields to be well-formed: its rules are told at once too
  for (const issue of refurbQuestionIssues(request)) issues.push({ path: issue.path, message: issue.code });
  const errors: FormErrors = {};
  for (const [path, code] of Object.entries(fieldErrorCodes(values, issues)))
    errors[path || 'root'] = translateViolation(code);
  return errors;
}

/** The question form, validated by the shared schema and rules (at least two answers, labels told apart). */
export function useRefurbQuestionForm(initialValues: RefurbQuestionFormValues): RefurbQuestionFormState {
  return useForm<RefurbQuestionFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateRefurbQuestion,
  });
}

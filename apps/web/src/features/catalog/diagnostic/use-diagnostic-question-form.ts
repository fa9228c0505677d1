import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateDiagnosticQuestionRequest } from '@reprise/shared';
import { zodValidator } from '../../../ui/forms';
import {
  type DiagnosticQuestionDraft,
  type DiagnosticQuestionFormValues,
  toDiagnosticQuestionRequest,
} from './diagnostic-question-form-values';

export type DiagnosticQuestionForm = UseFormReturnType<DiagnosticQuestionFormValues>;

/** The question form, validated by the shared request schema (an edit sends a part of the same fields). */
export function useDiagnosticQuestionForm(
  initialValues: DiagnosticQuestionFormValues,
): DiagnosticQuestionForm {
  const validateRequest = zodValidator<DiagnosticQuestionDraft>(CreateDiagnosticQuestionRequest);
  return useForm<DiagnosticQuestionFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateRequest(toDiagnosticQuestionRequest(values)),
  });
}

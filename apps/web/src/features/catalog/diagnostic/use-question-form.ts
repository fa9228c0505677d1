import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateQuestionRequest } from '@reprise/shared';
import { zodValidator } from '../../../ui/forms';
import { type QuestionDraft, type QuestionFormValues, toQuestionRequest } from './question-form-values';

export type QuestionForm = UseFormReturnType<QuestionFormValues>;

/** The question form, validated by the shared request schema (an edit sends a part of the same fields). */
export function useQuestionForm(initialValues: QuestionFormValues): QuestionForm {
  const validateRequest = zodValidator<QuestionDraft>(CreateQuestionRequest);
  return useForm<QuestionFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateRequest(toQuestionRequest(values)),
  });
}

import type { RefurbQuestionRequest, RefurbQuestionResponse, RefurbQuestionType } from '@reprise/shared';

export interface RefurbAnswerRow {
  /** A stable React key (answers are added and removed). */
  key: string;
  /** An existing answer keeps its id (updated in place). */
  id: string | null;
  label: string;
  refurbStepIds: string[];
}

export interface RefurbQuestionFormValues {
  label: string;
  type: RefurbQuestionType;
  answers: RefurbAnswerRow[];
}

let rowCount = 0;
export function emptyRefurbAnswer(): RefurbAnswerRow {
  rowCount += 1;
  return { key: `answer-${rowCount}`, id: null, label: '', refurbStepIds: [] };
}

/** A new question starts with one empty answer (it needs two: the form says so). */
export const emptyRefurbQuestion = (): RefurbQuestionFormValues => ({
  label: '',
  type: 'unique',
  answers: [emptyRefurbAnswer()],
});

export const refurbQuestionFormValues = (question: RefurbQuestionResponse): RefurbQuestionFormValues => ({
  label: question.label,
  type: question.type,
  answers: question.answers.map((answer) => ({
    ...emptyRefurbAnswer(),
    id: answer.id,
    label: answer.label,
    refurbStepIds: answer.refurbSteps.map((s) => s.id),
  })),
});

/** What the API takes: the answers in order, an existing one with its id. */
export const toRefurbQuestionRequest = (values: RefurbQuestionFormValues): RefurbQuestionRequest => ({
  label: values.label,
  type: values.type,
  answers: values.answers.map((answer) => ({
    ...(answer.id ? { id: answer.id } : {}),
    label: answer.label,
    refurbStepIds: answer.refurbStepIds,
  })),
});

import {
  type CreateDiagnosticQuestionInput,
  CreateDiagnosticQuestionRequest,
  type DIAGNOSTIC_QUESTION_TYPES,
  type DiagnosticQuestionResponse,
  type PatchDiagnosticQuestionRequest,
  PRICE_IMPACT_KINDS,
  type ProductGrade,
} from '@reprise/shared';
import { type NumberField, toCents, toUnits, toWhole } from '../../../ui/money';
import { type TranslationValues, translationValues } from '../../../ui/translations';

const TEXTS = ['title', 'description'] as const;
type TextField = (typeof TEXTS)[number];

/** A form's price impact: none, or one of the shared kinds. */
export const PRICE_IMPACT_CHOICES = ['none', ...PRICE_IMPACT_KINDS] as const;
export type PriceImpactKind = (typeof PRICE_IMPACT_CHOICES)[number];

export interface DiagnosticAnswerRow {
  /** A stable React key (answers are added, removed and moved). */
  key: string;
  /** An existing answer keeps its id. */
  id: string | null;
  title: string;
  description: string;
  /** The best grade the answer still allows; null leaves the grade free. */
  maxGrade: ProductGrade | null;
  /** `value` is currency units for a fixed amount, a percentage otherwise. */
  priceImpact: { kind: PriceImpactKind; value: NumberField };
  /** Title and description in the other languages (docs/translations.md). */
  translations: TranslationValues<TextField>;
}

export interface DiagnosticQuestionFormValues {
  title: string;
  type: (typeof DIAGNOSTIC_QUESTION_TYPES)[number];
  description: string;
  answers: DiagnosticAnswerRow[];
  translations: TranslationValues<TextField>;
}

let rowCount = 0;
function rowKey(): string {
  rowCount += 1;
  return `answer-row-${rowCount}`;
}

export function emptyDiagnosticAnswer(): DiagnosticAnswerRow {
  return {
    key: rowKey(),
    id: null,
    title: '',
    description: '',
    maxGrade: null,
    priceImpact: { kind: 'none', value: '' },
    translations: translationValues(TEXTS),
  };
}

/** The values of an existing question, or of a new one with the two answers it needs at least. */
export function diagnosticQuestionFormValues(
  question?: DiagnosticQuestionResponse,
): DiagnosticQuestionFormValues {
  if (!question)
    return {
      title: '',
      type: 'unique',
      description: '',
      answers: [emptyDiagnosticAnswer(), emptyDiagnosticAnswer()],
      translations: translationValues(TEXTS),
    };
  return {
    title: question.title,
    type: question.type,
    description: question.description ?? '',
    translations: translationValues(TEXTS, question.translations),
    answers: [...question.answers]
      .sort((a, b) => a.position - b.position)
      .map((answer) => ({
        key: rowKey(),
        id: answer.id,
        title: answer.title,
        description: answer.description ?? '',
        maxGrade: answer.maxGrade,
        priceImpact: !answer.priceImpact
          ? { kind: 'none', value: '' }
          : answer.priceImpact.kind === 'fixed'
            ? { kind: 'fixed', value: toUnits(answer.priceImpact.value) }
            : { kind: 'percentage', value: answer.priceImpact.value },
        translations: translationValues(TEXTS, answer.translations),
      })),
  };
}

/** A request body still to be validated: a missing required value is undefined, for the schema to report. */
export type DiagnosticQuestionDraft = Omit<CreateDiagnosticQuestionInput, 'answers'> & { answers: unknown[] };

function impactOf({ kind, value }: DiagnosticAnswerRow['priceImpact']) {
  if (kind === 'none') return null;
  const amount = kind === 'fixed' ? toCents(value) : toWhole(value);
  return { kind, value: amount ?? undefined };
}

export function toDiagnosticQuestionRequest(values: DiagnosticQuestionFormValues): DiagnosticQuestionDraft {
  return {
    title: values.title,
    type: values.type,
    description: values.description,
    translations: values.translations,
    answers: values.answers.map((answer) => ({
      ...(answer.id ? { id: answer.id } : {}),
      title: answer.title,
      description: answer.description,
      maxGrade: answer.maxGrade,
      priceImpact: impactOf(answer.priceImpact),
      translations: answer.translations,
    })),
  };
}

/** The merge-patch for an edit: the fields that changed; answers, when they changed, go whole and in order. */
export function diagnosticQuestionPatch(
  initial: DiagnosticQuestionFormValues,
  values: DiagnosticQuestionFormValues,
): PatchDiagnosticQuestionRequest {
  const after = CreateDiagnosticQuestionRequest.parse(toDiagnosticQuestionRequest(values));
  const stored = CreateDiagnosticQuestionRequest.safeParse(toDiagnosticQuestionRequest(initial));
  const before: Partial<typeof after> = stored.success ? stored.data : {};
  const patch: Record<string, unknown> = {};
  for (const key of ['title', 'type', 'description', 'answers', 'translations'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key];
  }
  return patch as PatchDiagnosticQuestionRequest;
}
